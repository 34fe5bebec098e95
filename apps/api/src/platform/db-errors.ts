import type { DatabaseRefusalKind, ErrorCode } from '@app/shared';
import { AppError } from '../shared/app-error';

/**
 * The one mapping of PostgreSQL errors (SQLSTATE) to the app's error codes. Both engines
 * raise errors with the same fields (pg's and PGlite's DatabaseError): `code`, `constraint`,
 * `detail`, `where` (set when PL/pgSQL raised it, i.e. a trigger refused the change).
 *
 * Applied once, in the GraphQL error masking (`maskError`), so a refusal by the database
 * reaches the operator as CONFLICT / BAD_USER_INPUT / TRY_AGAIN with a clear message instead
 * of "Unexpected error.". A service that wants a field-level answer (say "this email is in
 * use") catches the error itself and asks `databaseErrorOf(error)` what it was.
 */
// The kinds are the reason registry's (packages/shared DATABASE_REFUSAL_KINDS): each one is the
// AppError's `extensions.reason`, worded by the web app in the admin's language.
type DatabaseErrorKind = DatabaseRefusalKind;

type DatabaseErrorInfo = {
  kind: DatabaseErrorKind;
  sqlState: string;
  /** The constraint named by the server (unique index, CHECK, foreign key), if any. */
  constraint?: string;
  /** True when a trigger or function raised it: its message was written for people. */
  raisedByFunction: boolean;
  message: string;
};

type Rule = { code: ErrorCode; message: string; retryable?: boolean };

// Generic texts for errors the server words in terms of tables and indexes.
const RULES: Record<DatabaseErrorKind, Rule> = {
  unique_violation: { code: 'CONFLICT', message: 'This value is already in use.' },
  foreign_key_missing: { code: 'BAD_USER_INPUT', message: 'A referenced record does not exist.' },
  foreign_key_referenced: {
    code: 'CONFLICT',
    message: 'This record is still referenced by other records.',
  },
  check_violation: { code: 'BAD_USER_INPUT', message: 'A value is not allowed here.' },
  not_null_violation: { code: 'BAD_USER_INPUT', message: 'A required value is missing.' },
  exclusion_violation: { code: 'CONFLICT', message: 'This overlaps with an existing record.' },
  data_exception: { code: 'BAD_USER_INPUT', message: 'A value is out of range or malformed.' },
  serialization_failure: {
    code: 'TRY_AGAIN',
    message: 'Another change got in the way. Please try again.',
    retryable: true,
  },
  deadlock_detected: {
    code: 'TRY_AGAIN',
    message: 'Another change got in the way. Please try again.',
    retryable: true,
  },
  lock_not_available: {
    code: 'TRY_AGAIN',
    message: 'The record is busy. Please try again.',
    retryable: true,
  },
  statement_timeout: {
    code: 'TRY_AGAIN',
    message: 'The database took too long. Please try again.',
    retryable: true,
  },
  raise_exception: { code: 'CONFLICT', message: 'The change was refused.' },
};

type PgErrorFields = {
  code: string;
  constraint?: string;
  detail?: string;
  where?: string;
  message: string;
};

function pgFields(error: unknown): PgErrorFields | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // SQLSTATEs are five characters of digits and capitals; Node's own codes (ECONNRESET) are not.
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  return { ...(error as PgErrorFields), message: typeof message === 'string' ? message : '' };
}

/** What a database error was, or undefined for anything that is not a mapped SQLSTATE. */
export function databaseErrorOf(error: unknown): DatabaseErrorInfo | undefined {
  const fields = pgFields(error);
  if (!fields) return undefined;
  const kind = kindOf(fields);
  if (!kind) return undefined;
  return {
    kind,
    sqlState: fields.code,
    ...(fields.constraint ? { constraint: fields.constraint } : {}),
    raisedByFunction: typeof fields.where === 'string' && /PL\/pgSQL/.test(fields.where),
    message: fields.message,
  };
}

function kindOf({ code, detail }: PgErrorFields): DatabaseErrorKind | undefined {
  switch (code) {
    case '23505':
      return 'unique_violation';
    case '23503':
      // Deleting or re-keying a parent still in use, versus pointing at a missing parent.
      return detail?.includes('still referenced')
        ? 'foreign_key_referenced'
        : 'foreign_key_missing';
    case '23514':
      return 'check_violation';
    case '23502':
      return 'not_null_violation';
    case '23P01':
      return 'exclusion_violation';
    case '40001':
      return 'serialization_failure';
    case '40P01':
      return 'deadlock_detected';
    case '55P03':
      return 'lock_not_available';
    case '57014':
      return 'statement_timeout';
    case 'P0001':
      return 'raise_exception';
  }
  // Class 22: numeric out of range, invalid text representation, string too long, bad date...
  return code.startsWith('22') ? 'data_exception' : undefined;
}

/**
 * The AppError a database error stands for, or undefined when it is not one the app can
 * explain (a syntax error, a lost connection, a permission: those stay internal errors).
 *
 * A check that a trigger raised (the state machines, the referral cycle guard) refuses a
 * change that conflicts with the record's current state: CONFLICT, with the trigger's own
 * message. A table's CHECK constraint refuses a value: BAD_USER_INPUT.
 */
export function toAppError(error: unknown): AppError | undefined {
  const info = databaseErrorOf(error);
  if (!info) return undefined;
  const rule = RULES[info.kind];
  const fromTrigger = info.raisedByFunction;
  const code: ErrorCode = info.kind === 'check_violation' && fromTrigger ? 'CONFLICT' : rule.code;
  return new AppError(code, fromTrigger ? info.message : rule.message, {
    reason: info.kind,
    ...(info.constraint ? { constraint: info.constraint } : {}),
    ...(rule.retryable ? { retryable: true } : {}),
  });
}

/** True for errors worth running the whole transaction again (serialization, deadlock). */
export function isRetryableDatabaseError(error: unknown): boolean {
  const kind = databaseErrorOf(error)?.kind;
  return kind === 'serialization_failure' || kind === 'deadlock_detected';
}
