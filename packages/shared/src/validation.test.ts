import { describe, expect, it } from 'vitest';
import {
  checkConfirmed,
  checkEmail,
  checkPassword,
  checkRoles,
  checkUserName,
  formatFieldError,
  passesMinValueCustom,
  VALIDATION_MESSAGES,
  validateProfileUpdate,
  type FieldError,
} from './validation';

describe('spec section 5 message templates', () => {
  it.each<[FieldError, string, string]>([
    [
      { field: 'email', rule: 'required' },
      'Please input Email',
      'メールアドレスを入力してください',
    ],
    [
      { field: 'userName', rule: 'max', params: { length: 20 } },
      'The User name field may not be greater than 20 characters',
      'ユーザー名は20文字以内で入力してください',
    ],
    [
      { field: 'password', rule: 'min', params: { length: 8 } },
      'The Password field may not be less than 8 characters',
      'パスワードは8文字以上で入力してください',
    ],
    [
      { field: 'email', rule: 'regex' },
      'The Email field format is invalid',
      'メールアドレスの形式が正しくありません',
    ],
    [
      { field: 'newPasswordConfirmation', rule: 'confirmed', params: { target: 'newPassword' } },
      'New password and New password (confirmation) does not match',
      '新しいパスワードと新しいパスワード（確認）が一致しません',
    ],
    [
      { field: 'userId', rule: 'min_value', params: { min: 1 } },
      'The User ID field must be 1 or more',
      'ユーザーIDは1以上で入力してください',
    ],
    [
      { field: 'roles', rule: 'role_required' },
      "Please select admin user's role",
      '管理者ユーザーのロールを選択してください',
    ],
  ])('%j', (error, en, ja) => {
    expect(formatFieldError(error, 'en')).toBe(en);
    expect(formatFieldError(error, 'ja')).toBe(ja);
  });

  it('has the same rules in both languages', () => {
    expect(Object.keys(VALIDATION_MESSAGES.ja).sort()).toEqual(
      Object.keys(VALIDATION_MESSAGES.en).sort(),
    );
  });
});

describe('field rules', () => {
  it('checks in the order required, min, max, pattern', () => {
    expect(checkUserName('')?.rule).toBe('required');
    expect(checkUserName('ab1')?.rule).toBe('min');
    expect(checkUserName('a1'.repeat(11))?.rule).toBe('max');
    expect(checkUserName('abcd')?.rule).toBe('regex');
    expect(checkUserName('1234')?.rule).toBe('regex');
    expect(checkUserName('abc1')).toBeNull();
    expect(checkPassword('abcdefg1')).toBeNull();
    expect(checkPassword('abcd efg1')?.rule).toBe('regex');
    expect(checkEmail('a@b.co')).toBeNull();
    expect(checkEmail('a@b')?.rule).toBe('regex');
    expect(checkRoles([])?.rule).toBe('role_required');
    expect(checkRoles(['read', 'super_admin'])).toBeNull();
    expect(checkConfirmed('newPasswordConfirmation', 'a', 'newPassword', 'b')?.rule).toBe(
      'confirmed',
    );
  });

  it('needs the old password to change email or password', () => {
    expect(validateProfileUpdate({ userName: 'abc1' }, { email: 'a@b.co' })).toEqual([]);
    expect(validateProfileUpdate({ email: 'A@B.co' }, { email: 'a@b.co' })).toEqual([]);
    expect(validateProfileUpdate({ email: 'c@b.co' }, { email: 'a@b.co' })).toEqual([
      { field: 'oldPassword', rule: 'required' },
    ]);
  });

  it('implements min_value_custom', () => {
    expect(passesMinValueCustom('0', { min: 5, target: '3' })).toBe(true);
    expect(passesMinValueCustom('0', { min: 5, target: '0' })).toBe(false);
    expect(passesMinValueCustom('', { min: 5, target: '3' })).toBe(true);
    expect(passesMinValueCustom('5', { min: 5 })).toBe(true);
    expect(passesMinValueCustom('4', { min: 5 })).toBe(false);
    expect(passesMinValueCustom('4.5', { min: 1 })).toBe(false);
  });
});
