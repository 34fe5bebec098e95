import { setFingerprint, type ConfirmedSet } from '../../platform/confirmed-set';
import { checkCell, reasonMessage, type ImportColumn } from '../../platform/imports';
import { badInput } from '../../shared/list-input';
import type * as write from './payments-write-repository';

// The rules a rate assignment's preview (ratesAndBTCAmountAtDeadlineDate) and its commit
// (commands/assign-rates.ts) share, so the commit fixes exactly what the preview showed.

export const DATE_ARG: ImportColumn = { type: 'date', aliases: [] };
export const RATE_ARG: ImportColumn = {
  type: 'decimal',
  domain: 'rate_value',
  positive: true,
  aliases: [],
};

export const ASSIGNMENT_RUNNING =
  'Another rate assignment is being committed right now. Reload the preview and try again.';

/** A string argument checked like a CSV cell of the same kind (one rule for both ways in). */
export function checkedArg(field: string, column: ImportColumn, value: string): string {
  const checked = checkCell(column, value);
  if (!checked.ok) throw badInput(field, reasonMessage(checked.reason));
  if (checked.value === null) throw badInput(field, 'A value is required.', { code: 'required' });
  return checked.value;
}

/** The payments a rate commit of the window fixes, as a confirmed set (platform/confirmed-set). */
export function ratesSet(
  window: write.RateWindow,
  rows: readonly write.FixableRow[],
): ConfirmedSet {
  return setFingerprint({ rates: { from: window.from, until: window.until } }, rows);
}

export function ratesWindow(
  from: Date | null | undefined,
  until: Date,
  deadline: Date,
): write.RateWindow & { deadline: Date } {
  if (from && from.getTime() > until.getTime()) {
    throw badInput('startAt', 'must not be later than endAt.', {
      code: 'notAfter',
      params: { other: 'endAt' },
    });
  }
  if (deadline.getTime() < until.getTime()) {
    throw badInput('deadline', 'must not be earlier than endAt.', {
      code: 'notBefore',
      params: { other: 'endAt' },
    });
  }
  return { from: from ?? null, until, deadline };
}
