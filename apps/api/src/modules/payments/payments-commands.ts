import { defineCommand, type CommandInput } from '../../platform/commands';
import { confirmedSetWrite, FILE_FINGERPRINT_INPUT } from '../../platform/confirmed-set';

/**
 * The two CSV imports of payments and rates, declared once (docs/architecture.md, "A write,
 * declared once"): each one's operation (its mutation and the audit event it writes; a CSV
 * file's dry run records the facts of the same event) and its input. The other payment writes
 * are one file each in commands/.
 */

/** A CSV upload: the file, whether only to check it, and the key its progress is polled by. */
const CSV_UPLOAD = {
  file: { type: 'Upload', required: true },
  dryRun: { type: 'Boolean', defaultValue: false },
  progressKey: {
    type: 'String',
    description:
      'A key the client chooses (8–64 of A-Z a-z 0-9 - _) to poll csvImportProgress with.',
  },
  background: {
    type: 'Boolean',
    defaultValue: false,
    description:
      'true: the file is stored and checked (or applied) by a background job on any replica; the answer comes at once with runId (report null), and csvImportProgress(key) or csvImportRun(id) answers the report or the refusal. false (the default): the call waits and answers the report, as the spec has it.',
  },
  ...FILE_FINGERPRINT_INPUT,
} as const;

export const IMPORT_PAYMENTS = defineCommand({
  name: 'postAddUserPaymentsByCSV',
  input: CSV_UPLOAD,
});
export const IMPORT_PAYMENTS_SET = confirmedSetWrite(IMPORT_PAYMENTS.name);

export const IMPORT_RATES = defineCommand({
  name: 'postAssignRatesByCSV',
  input: CSV_UPLOAD,
});
export const IMPORT_RATES_SET = confirmedSetWrite(IMPORT_RATES.name);

/** A payments or rates file as the service takes it. */
export type CsvUploadInput = CommandInput<typeof CSV_UPLOAD>;
