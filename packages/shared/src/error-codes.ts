/**
 * Every error code the API can put in `extensions.code`. The web app maps each one to
 * translated text in one place, so a new code must be added here first.
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'INVALID_CREDENTIALS',
  'TOTP_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  // The database was busy (serialization failure, deadlock, lock or statement timeout):
  // nothing was changed and the same request may simply be sent again.
  'TRY_AGAIN',
  'INTERNAL_SERVER_ERROR',
  // A GraphQL document over a depth, alias, cost, token or directive limit.
  'QUERY_TOO_COMPLEX',
  // A request body over the size limit.
  'PAYLOAD_TOO_LARGE',
  // A database statement ran past the per-statement time limit.
  'QUERY_TIMEOUT',
  // This server is already reading as many uploads as it takes at once: nothing was read or
  // changed; send the file again in a minute.
  'IMPORT_BUSY',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The exact message the spec (section 8) requires for a missing, unknown or expired token. */
export const AUTHORIZATION_ERROR_MESSAGE = 'Authorization error [no auth]';

/** One message for a wrong email and a wrong password, so neither leaks which was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';

/** Why a signed-in admin was refused: their role does not allow the operation. */
export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action.';

/** A new admin (or one whose password was reset) may only change the password first. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'You must change your one-time password before doing anything else.';

/** Sign-in with two-factor authentication enabled needs the code from the authenticator app. */
export const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

/** `extensions.reason` values that refine a FORBIDDEN answer. */
export const PASSWORD_CHANGE_REQUIRED_REASON = 'PASSWORD_CHANGE_REQUIRED';

/** With REQUIRE_TOTP_FOR_SUPER_ADMIN, a super admin must turn two-factor on first. */
export const TOTP_ENROLMENT_REQUIRED_MESSAGE =
  'Turn on two-factor authentication on your profile page before doing anything else.';
export const TOTP_ENROLMENT_REQUIRED_REASON = 'TOTP_ENROLMENT_REQUIRED';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * `extensions.reason` values whose text the web app writes itself, in the admin's language
 * (`errors.reasons.<REASON>` in both catalogues), instead of showing the API's English
 * message.
 */
export const TRANSLATED_REASONS = [
  // A required text is blank: empty, or only spaces and invisible characters (isBlankText).
  'BLANK_TEXT',
  // A threshold change to the value it already has.
  'THRESHOLD_UNCHANGED',
  // A raise of a coin's threshold while another raise of it awaits confirmation.
  'THRESHOLD_CHANGE_PENDING',
  // The admin who proposed a threshold raise tried to confirm it.
  'OWN_THRESHOLD_CHANGE',
  // The proposal was already confirmed, withdrawn or superseded.
  'THRESHOLD_CHANGE_CLOSED',
  // Another rate assignment (the form or a rates file) is committing at this moment.
  'RATE_ASSIGNMENT_RUNNING',
  // A rates window whose confirmed payments are all asset-fixed already (or has none).
  'NOTHING_TO_FIX',
] as const;

export type TranslatedReason = (typeof TRANSLATED_REASONS)[number];

export function isTranslatedReason(value: unknown): value is TranslatedReason {
  return typeof value === 'string' && (TRANSLATED_REASONS as readonly string[]).includes(value);
}
