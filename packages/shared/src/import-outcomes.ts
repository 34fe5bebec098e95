import type { TranslatedImportReason } from './import-reasons-en';

/**
 * Why applying an import's file would apply nothing (issue 26, "actions that cannot be taken
 * are not offered"): every import report carries one of these codes whenever it applies no
 * row, and the web app words it in the admin's language (`imports.notApplicable.<code>`) next
 * to a disabled apply button.
 * - noRows: the file has a header but no data rows.
 * - alreadyImported: this content was applied before (the same file never applies twice).
 * - allRowsAlreadyApplied: every row is refused only because its record is already applied
 *   or not in a state that accepts it (a completed request, a payment already stored, …).
 * - allRowsInvalid: every row has an error.
 * - someRowsInvalid: some rows have errors; a file applies whole or not at all.
 * - nothingToApply: every row passed, yet applying would change nothing.
 */
export const IMPORT_NOT_APPLICABLE_REASONS = [
  'noRows',
  'alreadyImported',
  'allRowsAlreadyApplied',
  'allRowsInvalid',
  'someRowsInvalid',
  'nothingToApply',
] as const;

export type ImportNotApplicableReason = (typeof IMPORT_NOT_APPLICABLE_REASONS)[number];

export function isImportNotApplicableReason(value: unknown): value is ImportNotApplicableReason {
  return (
    typeof value === 'string' &&
    (IMPORT_NOT_APPLICABLE_REASONS as readonly string[]).includes(value)
  );
}

/**
 * Row reasons that say the row's record is already applied or not in a state that accepts it
 * (rather than that the row is wrong): a file whose every row is refused only for these is
 * `allRowsAlreadyApplied`.
 */
export const ALREADY_APPLIED_ROW_REASONS: readonly TranslatedImportReason[] = [
  'duplicate_of_payment',
  'window_empty',
  'request_not_processing',
];
