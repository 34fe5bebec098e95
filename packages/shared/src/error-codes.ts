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
 * Codes whose own generic text (`errors.<CODE>` in both catalogues) tells the operator all
 * they need: the session ended, the role does not allow it, try again, too big… An AppError
 * with one of these may come without a reason. Every other code (BAD_USER_INPUT, NOT_FOUND,
 * CONFLICT) must say why with a reason the web app words (see `Refusal`).
 */
export const SELF_EXPLAINING_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'TOTP_REQUIRED',
  'TOO_MANY_REQUESTS',
  'TRY_AGAIN',
  'INTERNAL_SERVER_ERROR',
  'QUERY_TOO_COMPLEX',
  'PAYLOAD_TOO_LARGE',
  'QUERY_TIMEOUT',
  'IMPORT_BUSY',
] as const satisfies readonly ErrorCode[];

export type SelfExplainingCode = (typeof SELF_EXPLAINING_CODES)[number];

export function isSelfExplainingCode(value: unknown): value is SelfExplainingCode {
  return typeof value === 'string' && (SELF_EXPLAINING_CODES as readonly string[]).includes(value);
}

/**
 * The kinds of record a NOT_FOUND answer (reason RECORD_NOT_FOUND, `params.record`) can name;
 * the web app words each one (`errors.records.<kind>`).
 */
export const RECORD_KINDS = [
  'user',
  'plan',
  'adminUser',
  'notification',
  'mailSend',
  'userContact',
  'withdrawalRequest',
  'withdrawalThreshold',
  'thresholdChange',
  'roleGrant',
  'exportBatch',
  'exportBatchFile',
  'export',
] as const;

export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * What the database refused (platform/db-errors.ts), the reason of its AppError: a value in
 * use, a record still referenced, a busy row, a change a trigger refused…
 */
export const DATABASE_REFUSAL_KINDS = [
  'unique_violation',
  'foreign_key_missing',
  'foreign_key_referenced',
  'check_violation',
  'not_null_violation',
  'exclusion_violation',
  'data_exception',
  'serialization_failure',
  'deadlock_detected',
  'lock_not_available',
  'statement_timeout',
  'raise_exception',
] as const;

export type DatabaseRefusalKind = (typeof DATABASE_REFUSAL_KINDS)[number];

/**
 * The reason registry: `extensions.reason` values whose text the web app writes itself, in the
 * admin's language (`errors.reasons.<REASON>` in both catalogues), with `extensions.params`
 * (ids, names, counts) filled in, instead of showing the API's English message. The one
 * convention for "a refusal with a reason and parameters"; the comment of each says its params.
 */
export const TRANSLATED_REASONS = [
  // A required text is blank: empty, or only spaces and invisible characters (isBlankText).
  'BLANK_TEXT',
  // A threshold change to the value it already has. {coin, value}
  'THRESHOLD_UNCHANGED',
  // A raise of a coin's threshold while another raise of it awaits confirmation. {coin, value, proposedBy}
  'THRESHOLD_CHANGE_PENDING',
  // The admin who proposed a threshold raise tried to confirm it. {id}
  'OWN_THRESHOLD_CHANGE',
  // The proposal was already confirmed, withdrawn or superseded. {id}
  'THRESHOLD_CHANGE_CLOSED',
  // Another rate assignment (the form or a rates file) is committing at this moment.
  'RATE_ASSIGNMENT_RUNNING',
  // A rates window whose confirmed payments are all asset-fixed already (or has none).
  'NOTHING_TO_FIX',
  // "All N matching" found a different number of rows now. {expectedCount, matchingCount}
  'LIST_CHANGED',
  // A signing export with no approved request in its scope.
  'NOTHING_TO_EXPORT',
  // Requests lacking the approvals their coin's threshold requires now. {ids}
  'APPROVALS_MISSING',
  // A state-changing query sent by GET or beside other root fields.
  'STATE_CHANGING_QUERY',
  // An operation holding more than one state-changing root field (mutations, aliases, marked queries).
  'ONE_STATE_CHANGE_PER_REQUEST',
  // An export's client key used before for a different export.
  'EXPORT_KEY_REUSED',
  // An add-payment client key used before for a payment with other values.
  'PAYMENT_KEY_REUSED',
  // The last super admin would lose the super_admin role. {adminUserId}
  'LAST_SUPER_ADMIN_ROLE',
  // The last super admin would be deleted. {adminUserId}
  'LAST_SUPER_ADMIN_DELETE',
  // Removing every role of an admin (delete the account instead). {adminUserId}
  'ROLE_REQUIRED',
  // An admin deleting their own account. {adminUserId}
  'OWN_ACCOUNT_DELETE',
  // Starting two-factor enrolment while it is on.
  'TOTP_ALREADY_ENABLED',
  // Confirming two-factor enrolment that was never started.
  'TOTP_ENROLMENT_NOT_STARTED',
  // A record that does not exist. {record: RecordKind, id}
  'RECORD_NOT_FOUND',
  // A change the record's current status does not allow. {record, id, from, to}
  'ILLEGAL_TRANSITION',
  // A record changed since the operator saw it. {record, id}
  'STALE_REVISION',
  // A second approval by the admin who approved first. {id}
  'ALREADY_APPROVED_BY_YOU',
  // An approval or confirmation by an account the other admin (proposer or first approver)
  // created or gave its approving role (the approval rule). {relation: created|granted, otherAdmin}
  'NOT_A_SECOND_PERSON',
  // An approval or confirmation by an admin who no longer holds a role that may give it. {roles}
  'APPROVER_ROLE_MISSING',
  // The proposer of a role grant, or the admin receiving it, tried to confirm it. {id}
  'OWN_ROLE_GRANT',
  // The role grant was already confirmed or withdrawn. {id, status}
  'ROLE_GRANT_CLOSED',
  // A sign-in text holding a NUL character.
  'NUL_CHARACTER',
  // Field rules failed (`extensions.fieldErrors`, each rendered by formatFieldError). {field}
  'INVALID_FIELDS',
  // The notification form's checks (NOTIFICATION_MESSAGES).
  'LANGUAGE_REQUIRED',
  'TITLE_REQUIRED',
  'TITLE_LINE_BREAK',
  'CONTENT_REQUIRED',
  // An argument value the schema's scalar refuses (a malformed decimal, id or date). {detail}
  'INVALID_VALUE',
  ...DATABASE_REFUSAL_KINDS,
] as const;

export type TranslatedReason = (typeof TRANSLATED_REASONS)[number];

export function isTranslatedReason(value: unknown): value is TranslatedReason {
  return typeof value === 'string' && (TRANSLATED_REASONS as readonly string[]).includes(value);
}

/** The parameters of a reason: ids, names, counts (a list is sent joined: "12, 13"). */
export type ReasonParams = Record<string, string | number>;
