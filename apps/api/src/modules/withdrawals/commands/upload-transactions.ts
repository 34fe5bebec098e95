import type { WithdrawalKind } from '@app/shared';
import { WITHDRAWAL_KINDS } from '../../../db/tables/domain-tables';
import { defineCommand } from '../../../platform/commands';
import { confirmedSetWrite } from '../../../platform/confirmed-set';
import { UploadResultRef } from '../withdrawal-upload-types';
import { TRANSACTIONS_FILE, UPLOAD_EVENTS, uploadTransactions } from '../withdrawal-uploads';
import { WithdrawalKindRef } from '../withdrawal-types';
import { WITHDRAWAL_LIST_CALLS } from '../withdrawals-list';

/**
 * The transaction CSV upload: one write offered under nine names, the one of any kind (the
 * web app's eight screens share it) and the spec's of each kind (below). All write the same
 * events (UPLOAD_EVENTS): one `withdrawalTransactionsUpload` change per completed request, or
 * a dry run's facts; each one's apply acts on a confirmed set, the file its dry run checked.
 */
export const UPLOAD_TRANSACTIONS = defineCommand({
  name: 'postWithdrawalTransactionsByCSV',
  description:
    'The transaction CSV upload of any kind (the one call the web app’s eight screens share): the same as post<ListCall>TransactionsByCSV.',
  access: 'write',
  scope: 'set',
  refreshes: ['withdrawalRequests', 'withdrawalRequestTimeline'],
  input: {
    kind: { type: 'Enum', values: WITHDRAWAL_KINDS, required: true },
    ...TRANSACTIONS_FILE,
  },
  audit: UPLOAD_EVENTS,
  answer: UploadResultRef,
  refs: { kind: WithdrawalKindRef },
  handler: (input, { actor, audit, services }) =>
    uploadTransactions(services.imports, audit, actor, input, UPLOAD_TRANSACTIONS_SET),
});

const UPLOAD_TRANSACTIONS_SET = confirmedSetWrite(UPLOAD_TRANSACTIONS.name);

const pascal = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** The spec's upload of one kind, named after its list call: post<ListCall>TransactionsByCSV. */
function uploadOfKind(kind: WithdrawalKind) {
  const name = `post${pascal(WITHDRAWAL_LIST_CALLS[kind])}TransactionsByCSV`;
  const set = confirmedSetWrite(name);
  const columns =
    kind === 'payment_paid_value'
      ? 'id,hecTransactionHash,ethTransactionHash'
      : 'id,transactionHash';
  defineCommand({
    name,
    description: `Transaction CSV upload of ${kind} withdrawals: \`${columns}\`. Completes processing requests, all rows or none (bad rows listed by line); a hash used by any request (any letter case) is refused; rejected, failed or completed requests are never completed; the same file twice is refused the second time. dryRun checks without changing anything.`,
    access: 'write',
    scope: 'set',
    refreshes: ['withdrawalRequests', 'withdrawalRequestTimeline'],
    input: TRANSACTIONS_FILE,
    audit: UPLOAD_EVENTS,
    answer: UploadResultRef,
    handler: (input, { actor, audit, services }) =>
      uploadTransactions(services.imports, audit, actor, { ...input, kind }, set),
  });
}

// The same write under each kind's spec name, each with the set-write of its apply: declaring
// them registers their mutations.
for (const kind of WITHDRAWAL_KINDS) uploadOfKind(kind);
