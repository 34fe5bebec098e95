import { defineCommand, type CommandInput } from '../../platform/commands';
import {
  confirmedSetWrite,
  FILE_FINGERPRINT_INPUT,
  FINGERPRINT_INPUT,
} from '../../platform/confirmed-set';

/**
 * The payment and rate writes, declared once (docs/architecture.md, "A write, declared once"):
 * each one's operation (its mutation and the audit event it writes; a CSV file's dry run
 * records the facts of the same event) and its input. The mutations' arguments and the
 * service's input types are derived from these.
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
  ...FILE_FINGERPRINT_INPUT,
} as const;

export const ADD_PAYMENT = defineCommand({
  name: 'postAddUserPayment',
  input: {
    userId: { type: 'Int', required: true },
    planId: { type: 'Int', required: true },
    paidUsd: { type: 'Int', required: true },
    assetETH: { type: 'Decimal', required: true },
    assetHEC: { type: 'Decimal', required: true },
    confirmedAt: { type: 'DateTime' },
    clientKey: {
      type: 'String',
      description:
        'A key the client chooses once per submitted form (16–64 of A-Z a-z 0-9 - _): a second call by the same admin with the same key makes no second payment and answers the first (a double click, a retry after a timeout). The same key with other values: BAD_USER_INPUT, reason PAYMENT_KEY_REUSED.',
    },
  },
  // A replay is its own event: the trail must never read as the same payment added twice.
  audit: { add: 'postAddUserPayment', replay: 'postAddUserPaymentReplay' },
});

export const IMPORT_PAYMENTS = defineCommand({
  name: 'postAddUserPaymentsByCSV',
  input: CSV_UPLOAD,
});
export const IMPORT_PAYMENTS_SET = confirmedSetWrite(IMPORT_PAYMENTS.name);

/** The window and rates as the spec has them: all strings, checked by the service. */
export const ASSIGN_RATES = defineCommand({
  name: 'postAssignRates',
  input: {
    startAt: { type: 'String' },
    endAt: { type: 'String', required: true },
    deadline: { type: 'String', required: true },
    BTCHECRate: { type: 'String', required: true },
    BTCETHRate: { type: 'String', required: true },
    ...FINGERPRINT_INPUT,
  },
});
/** A commit acts on the payments ratesAndBTCAmountAtDeadlineDate showed (a confirmed set). */
export const ASSIGN_RATES_SET = confirmedSetWrite(ASSIGN_RATES.name);

export const IMPORT_RATES = defineCommand({
  name: 'postAssignRatesByCSV',
  input: CSV_UPLOAD,
});
export const IMPORT_RATES_SET = confirmedSetWrite(IMPORT_RATES.name);

export type AddPaymentInput = CommandInput<typeof ADD_PAYMENT.input>;
export type AssignRatesInput = CommandInput<typeof ASSIGN_RATES.input>;
/** A payments or rates file as the service takes it. */
export type CsvUploadInput = CommandInput<typeof CSV_UPLOAD>;
