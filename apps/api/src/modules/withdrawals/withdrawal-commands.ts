import type { WithdrawalKind } from '@app/shared';
import { WITHDRAWAL_KINDS } from '../../db/tables/domain-tables';
import {
  defineCommand,
  type Command,
  type CommandEvents,
  type CommandInput,
} from '../../platform/commands';
import {
  confirmedSetWrite,
  FILE_FINGERPRINT_INPUT,
  type ConfirmedSetWrite,
} from '../../platform/confirmed-set';
import { WITHDRAWAL_LIST_CALLS } from './withdrawals-list';

/**
 * The withdrawal writes, declared once (docs/architecture.md, "A write, declared once"): each
 * one's operation (its mutation and the audit event it writes, one row per changed request)
 * and its input. The mutations' arguments are derived from these; the enums and input objects
 * are the schema's own types, handed in by the schema files. The transaction uploads and the
 * signing export are offered under several names and declare the events they share (`audit`).
 */

const KIND = { kind: { type: 'Enum', values: WITHDRAWAL_KINDS, required: true } } as const;

// ---- transaction uploads (withdrawal-uploads.ts) ----

/**
 * What a transaction upload writes, whichever of its nine mutations took the file: one
 * `withdrawalTransactionsUpload` change per completed request (the request's timeline shows it
 * as one operation) or, for a dry run, the facts of the check.
 */
export const UPLOAD_EVENTS = {
  apply: 'withdrawalTransactionsUpload',
  dryRun: 'withdrawalTransactionsUploadDryRun',
} as const satisfies CommandEvents;

const UPLOAD_FILE = {
  file: { type: 'Upload', required: true },
  dryRun: { type: 'Boolean' },
  ...FILE_FINGERPRINT_INPUT,
} as const;

/** The upload of any kind (the one the web app's screens share). */
export const UPLOAD_TRANSACTIONS = defineCommand({
  name: 'postWithdrawalTransactionsByCSV',
  input: { ...KIND, ...UPLOAD_FILE },
  audit: UPLOAD_EVENTS,
});

const pascal = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** The spec's upload of each kind, named after its list call: post<ListCall>TransactionsByCSV. */
export const UPLOAD_TRANSACTIONS_OF_KIND = Object.fromEntries(
  WITHDRAWAL_KINDS.map((kind) => [
    kind,
    defineCommand({
      name: `post${pascal(WITHDRAWAL_LIST_CALLS[kind])}TransactionsByCSV`,
      input: UPLOAD_FILE,
      audit: UPLOAD_EVENTS,
    }),
  ]),
) as Record<WithdrawalKind, Command<string, typeof UPLOAD_FILE> & { audit: typeof UPLOAD_EVENTS }>;

/** Each upload's apply acts on a confirmed set: the file its dry run checked. */
export const UPLOAD_TRANSACTIONS_SET = confirmedSetWrite(UPLOAD_TRANSACTIONS.name);
export const UPLOAD_TRANSACTIONS_OF_KIND_SET = Object.fromEntries(
  WITHDRAWAL_KINDS.map((kind) => [kind, confirmedSetWrite(UPLOAD_TRANSACTIONS_OF_KIND[kind].name)]),
) as Record<WithdrawalKind, ConfirmedSetWrite>;

export type TransactionsUploadInput = CommandInput<typeof UPLOAD_TRANSACTIONS.input>;
