import {
  checkDecimalText,
  describeDecimalProblem,
  UNIT_SCALES,
  type InputProblem,
  type MoneyUnit,
  type RecordKind,
} from '@app/shared';
import { AppError } from './app-error';

/**
 * A BAD_USER_INPUT error that names the offending field in its message and extensions, with
 * the problem as a code and parameters (INPUT_PROBLEM_CODES) that the web app words in the
 * admin's language; the English message is for API callers.
 */
export function badInput(
  field: string,
  message: string,
  problem: InputProblem = { code: 'invalid' },
): AppError {
  return new AppError('BAD_USER_INPUT', `${field}: ${message}`, {
    field,
    problem: problem.code,
    params: problem.params ?? {},
  });
}

/** The BAD_USER_INPUT of a value outside its allowed set. */
export function notOneOf(field: string, allowed: readonly (string | number)[]): AppError {
  return badInput(field, `must be one of ${allowed.join(', ')}.`, {
    code: 'oneOf',
    params: { values: allowed.join(', ') },
  });
}

/** The BAD_USER_INPUT of a text that is not an id. */
export function notAnId(field: string, message = 'must be a positive id.'): AppError {
  return badInput(field, message, { code: 'positiveId' });
}

/**
 * Checks an optional amount argument of a known unit: not negative and with no more decimal
 * places than the unit has (USD 2, BTC 8, coins 18), like the database domains, so the caller
 * hears which argument is wrong instead of a filter that silently matches nothing.
 */
export function nonNegativeAmount(
  field: string,
  value: string | null | undefined,
  unit: MoneyUnit,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  const problem = checkDecimalText(value, { scale: UNIT_SCALES[unit] });
  if (problem?.problem === 'format' || problem?.problem === 'negative') {
    throw badInput(field, 'must be an amount of 0 or more, such as "1000" or "12.5".', {
      code: 'amount',
    });
  }
  if (problem)
    throw badInput(field, `${unit} amounts ${describeDecimalProblem(problem)}`, {
      code: problem.problem === 'scale' ? 'amountScale' : 'amountDigits',
      params: { unit, max: problem.max },
    });
  return value;
}

/** Checks that a from/until pair is in order; returns both unchanged. */
export function dateRange(
  fromField: string,
  from: Date | null | undefined,
  untilField: string,
  until: Date | null | undefined,
): { from: Date | undefined; until: Date | undefined } {
  if (from && until && from.getTime() > until.getTime()) {
    throw badInput(fromField, `must not be later than ${untilField}.`, {
      code: 'notAfter',
      params: { other: untilField },
    });
  }
  return { from: from ?? undefined, until: until ?? undefined };
}

/** Checks a calendar date string (YYYY-MM-DD) and returns it normalised. */
export function calendarDate(field: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = match ? new Date(`${match[0]}T00:00:00.000Z`) : undefined;
  if (
    !match ||
    !date ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== match[0]
  ) {
    throw badInput(field, 'must be a date such as "2026-03-01".', { code: 'calendarDate' });
  }
  return match[0];
}

/** A positive database id, or a BAD_USER_INPUT naming the field. */
export function positiveId(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw notAnId(field);
  return value;
}

/** Trims an optional text filter; blank means "no filter". */
export function textFilter(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

// The English names of records, for the message API callers read (the web app words the kind).
const RECORD_NAMES: Record<RecordKind, string> = {
  user: 'User',
  plan: 'Plan',
  adminUser: 'Admin user',
  notification: 'Notification',
  mailSend: 'Mail send',
  userContact: 'User contact',
  withdrawalRequest: 'Withdrawal request',
  withdrawalThreshold: 'Withdrawal approval threshold',
  thresholdChange: 'Threshold change',
  roleGrant: 'Role grant',
  exportBatch: 'Export batch',
  exportBatchFile: 'Export batch file',
  export: 'Export',
};

/**
 * The NOT_FOUND error for an id that names no record: reason RECORD_NOT_FOUND with the record's
 * kind and id, which the web app words in the admin's language.
 */
export function notFound(
  record: RecordKind,
  id: number | string,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError('NOT_FOUND', `${RECORD_NAMES[record]} ${id} was not found.`, {
    ...extra,
    id: String(id),
    reason: 'RECORD_NOT_FOUND',
    params: { record, id: String(id) },
  });
}
