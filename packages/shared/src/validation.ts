import { hasVisibleText } from './blank-text';
import type { Locale } from './constants';
import { ROLE_NAMES } from './constants';

/**
 * The validation rules of spec section 5. Server and web app both import these, so a rule
 * or a message can never differ between the form and the API.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 4 to 20 characters, at least one letter and one digit, no whitespace. */
export const USER_NAME_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])\S{4,20}$/;
/** 8 to 20 characters, at least one letter and one digit, no whitespace. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])\S{8,20}$/;
/** A six-digit code from an authenticator app (RFC 6238). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

const USER_NAME_MIN = 4;
const USER_NAME_MAX = 20;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 20;
/** RFC 5321 limit of a forward path; longer input is refused before the pattern runs. */
const EMAIL_MAX = 254;

/** The rules whose messages spec section 5 gives, plus the few the admin forms add. */
export type ValidationRule =
  | 'required'
  | 'max'
  | 'min'
  | 'regex'
  | 'confirmed'
  | 'min_value'
  | 'role_required'
  | 'unique'
  | 'incorrect'
  | 'different'
  | 'common';

/** Form fields whose names appear in messages; each has a label in every locale. */
export type FieldName =
  | 'email'
  | 'userName'
  | 'password'
  | 'oldPassword'
  | 'newPassword'
  | 'newPasswordConfirmation'
  | 'roles'
  | 'userId'
  | 'totpCode';

/** One failed rule on one field: what the API puts in `extensions.fieldErrors`. */
export type FieldError = {
  field: FieldName;
  rule: ValidationRule;
  params?: Record<string, string | number>;
};

const FIELD_LABELS: Record<Locale, Record<FieldName, string>> = {
  en: {
    email: 'Email',
    userName: 'User name',
    password: 'Password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    newPasswordConfirmation: 'New password (confirmation)',
    roles: 'Role',
    userId: 'User ID',
    totpCode: 'Authentication code',
  },
  ja: {
    email: 'メールアドレス',
    userName: 'ユーザー名',
    password: 'パスワード',
    oldPassword: '現在のパスワード',
    newPassword: '新しいパスワード',
    newPasswordConfirmation: '新しいパスワード（確認）',
    roles: 'ロール',
    userId: 'ユーザーID',
    totpCode: '認証コード',
  },
};

/**
 * Message templates. The English ones are the spec's (section 5); `{field}` and `{target}`
 * are replaced by translated field labels.
 */
export const VALIDATION_MESSAGES: Record<Locale, Record<ValidationRule, string>> = {
  en: {
    required: 'Please input {field}',
    max: 'The {field} field may not be greater than {length} characters',
    min: 'The {field} field may not be less than {length} characters',
    regex: 'The {field} field format is invalid',
    confirmed: '{target} and {field} does not match',
    min_value: 'The {field} field must be {min} or more',
    role_required: "Please select admin user's role",
    unique: 'The {field} is already in use',
    incorrect: 'The {field} is incorrect',
    different: 'The {field} must be different from the {target}',
    common: 'The {field} is one of the most common passwords; please choose another',
  },
  ja: {
    required: '{field}を入力してください',
    max: '{field}は{length}文字以内で入力してください',
    min: '{field}は{length}文字以上で入力してください',
    regex: '{field}の形式が正しくありません',
    confirmed: '{target}と{field}が一致しません',
    min_value: '{field}は{min}以上で入力してください',
    role_required: '管理者ユーザーのロールを選択してください',
    unique: 'この{field}は既に使用されています',
    incorrect: '{field}が正しくありません',
    different: '{field}は{target}と異なるものにしてください',
    common: '{field}はよく使われるパスワードのため使えません。別のものにしてください',
  },
};

/** Extra hints shown under inputs (spec section 5: "admin username hint"). */
export const FIELD_HINTS: Record<Locale, { userName: string; password: string }> = {
  en: {
    userName: '4 to 20 characters, must contain letters and numbers',
    password: '8 to 20 characters, must contain letters and numbers, no spaces',
  },
  ja: {
    userName: '4〜20文字、英字と数字を含めてください',
    password: '8〜20文字、英字と数字を含め、空白は使えません',
  },
};

function isFieldName(value: string): value is FieldName {
  return value in FIELD_LABELS.en;
}

/** The text of one field error in the given locale. */
export function formatFieldError(error: FieldError, locale: Locale): string {
  const labels = FIELD_LABELS[locale];
  const values: Record<string, string | number> = { ...error.params, field: labels[error.field] };
  const target = error.params?.target;
  if (typeof target === 'string' && isFieldName(target)) values.target = labels[target];
  return VALIDATION_MESSAGES[locale][error.rule].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

type TextRules = { min?: number; max?: number; pattern?: RegExp };

/**
 * Checks one text value: required (not blank: hasVisibleText, so a text of spaces or zero-width
 * characters is missing), then min, then max, then the pattern; first failure wins.
 */
function checkText(
  field: FieldName,
  value: string | null | undefined,
  rules: TextRules,
): FieldError | null {
  if (!hasVisibleText(value)) return { field, rule: 'required' };
  const length = [...value].length;
  if (rules.min !== undefined && length < rules.min)
    return { field, rule: 'min', params: { length: rules.min } };
  if (rules.max !== undefined && length > rules.max)
    return { field, rule: 'max', params: { length: rules.max } };
  if (rules.pattern && !rules.pattern.test(value)) return { field, rule: 'regex' };
  return null;
}

/** Email: required, at most 254 characters, local@domain. */
export function checkEmail(
  value: string | null | undefined,
  field: FieldName = 'email',
): FieldError | null {
  return checkText(field, value, { max: EMAIL_MAX, pattern: EMAIL_PATTERN });
}

/** Admin user name: required, 4 to 20 characters, letters and digits, no whitespace. */
export function checkUserName(
  value: string | null | undefined,
  field: FieldName = 'userName',
): FieldError | null {
  return checkText(field, value, {
    min: USER_NAME_MIN,
    max: USER_NAME_MAX,
    pattern: USER_NAME_PATTERN,
  });
}

/** Password: required, 8 to 20 characters, a letter and a digit, no whitespace. */
export function checkPassword(
  value: string | null | undefined,
  field: FieldName = 'password',
): FieldError | null {
  return checkText(field, value, {
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    pattern: PASSWORD_PATTERN,
  });
}

/** Role list: at least one role, each one of read, write, super_admin. */
export function checkRoles(value: readonly string[] | null | undefined): FieldError | null {
  if (!value || value.length === 0) return { field: 'roles', rule: 'role_required' };
  if (value.some((role) => !(ROLE_NAMES as readonly string[]).includes(role)))
    return { field: 'roles', rule: 'regex' };
  return null;
}

/** `confirmed`: the confirmation must equal the value of `target`. */
export function checkConfirmed(
  field: FieldName,
  value: string | null | undefined,
  target: FieldName,
  targetValue: string | null | undefined,
): FieldError | null {
  return value === targetValue ? null : { field, rule: 'confirmed', params: { target } };
}

/**
 * The custom rule min_value_custom of spec section 5: passes when the value is '0' while the
 * target is not '0', or when a target is given and the value is empty; otherwise the integer
 * value must be at least `min`.
 */
export function passesMinValueCustom(
  value: string,
  params: { min: number; target?: string },
): boolean {
  if (params.target !== undefined && value === '0' && params.target !== '0') return true;
  if (params.target !== undefined && value === '') return true;
  const number = Number(value);
  return Number.isInteger(number) && number >= params.min;
}

/** Input of postAddNewAdminUser: every failed field, in form order. */
export function validateNewAdminUser(input: {
  userName?: string | null;
  email?: string | null;
  roles?: readonly string[] | null;
}): FieldError[] {
  return [checkUserName(input.userName), checkEmail(input.email), checkRoles(input.roles)].filter(
    (error): error is FieldError => error !== null,
  );
}

/**
 * Input of postUpdateAdminUserProfile: each given field must be valid, the old password is
 * required for any change of email or password, and an admin who must change a one-time
 * password has to give a new one that differs from it.
 */
export function validateProfileUpdate(
  input: {
    email?: string | null;
    userName?: string | null;
    oldPassword?: string | null;
    newPassword?: string | null;
  },
  current: { email: string; mustChangePassword?: boolean },
): FieldError[] {
  const errors: Array<FieldError | null> = [];
  if (input.email !== undefined && input.email !== null) errors.push(checkEmail(input.email));
  if (input.userName !== undefined && input.userName !== null)
    errors.push(checkUserName(input.userName));
  if (input.newPassword !== undefined && input.newPassword !== null && input.newPassword !== '') {
    errors.push(checkPassword(input.newPassword, 'newPassword'));
  }
  const changesEmail =
    typeof input.email === 'string' &&
    input.email.trim().toLowerCase() !== current.email.toLowerCase();
  const changesPassword = typeof input.newPassword === 'string' && input.newPassword !== '';
  if (current.mustChangePassword && !changesPassword)
    errors.push({ field: 'newPassword', rule: 'required' });
  if ((changesEmail || changesPassword || current.mustChangePassword) && !input.oldPassword) {
    errors.push({ field: 'oldPassword', rule: 'required' });
  }
  if (changesPassword && input.oldPassword && input.newPassword === input.oldPassword) {
    errors.push({ field: 'newPassword', rule: 'different', params: { target: 'oldPassword' } });
  }
  return errors.filter((error): error is FieldError => error !== null);
}
