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

/**
 * Why an import refused the whole file before reading any row (issue 26, "One language"): the
 * refusal's `extensions.fileProblem`, with `extensions.params`, which the web app words in the
 * admin's language (`imports.fileProblems.<code>`) on every import (payments, rates,
 * transaction hashes). The answer's `message` stays in English for API callers.
 * - emptyFile: the file has no header line (nothing, or only comment lines).
 * - noRows: applying a file with a header but no data rows (a dry run reports it as noRows).
 * - notCsv: not text a spreadsheet writes (binary, a zip/xlsx, a PDF, NUL bytes, broken UTF-8).
 * - csvSyntax: a quoting error; params `line`.
 * - missingColumns: required columns absent from the header; params `columns` (their names).
 * - duplicatedColumns: the header names a column twice; params `columns` (as headed).
 */
export const IMPORT_FILE_PROBLEMS = [
  'emptyFile',
  'noRows',
  'notCsv',
  'csvSyntax',
  'missingColumns',
  'duplicatedColumns',
] as const;

export type ImportFileProblem = (typeof IMPORT_FILE_PROBLEMS)[number];

export function isImportFileProblem(value: unknown): value is ImportFileProblem {
  return typeof value === 'string' && (IMPORT_FILE_PROBLEMS as readonly string[]).includes(value);
}

/**
 * Why an import refused to apply a file it had read (issue 26, "One language"): the refusal's
 * `extensions.applyRefusal`, with `extensions.params`, which the web app words in the admin's
 * language (`imports.applyRefusals.<code>`) on every import (payments, rates, transaction
 * hashes). The answer's `message` stays in English for API callers, `extensions.reason` too.
 * - alreadyImported (`CONFLICT`, reason `ALREADY_IMPORTED`): this content was applied before;
 *   params `importId`, `importedAt` (ISO 8601), `importedBy` (the admin's name, null if unknown).
 * - changedDuringApply (`CONFLICT`, reason `CHANGED_DURING_APPLY`): a record the file completes
 *   changed between the checks and the apply (another upload); nothing changed; no params.
 * - invalidRows (`BAD_USER_INPUT`, reason `INVALID_ROWS`): rows have errors, nothing changed;
 *   params `rowCount`, `invalidRowCount`, `errorCount` (the rows are in `extensions.errors`).
 */
export const IMPORT_APPLY_REFUSALS = [
  'alreadyImported',
  'changedDuringApply',
  'invalidRows',
] as const;

export type ImportApplyRefusal = (typeof IMPORT_APPLY_REFUSALS)[number];

export function isImportApplyRefusal(value: unknown): value is ImportApplyRefusal {
  return typeof value === 'string' && (IMPORT_APPLY_REFUSALS as readonly string[]).includes(value);
}
