import type { UploadMessageCode, WithdrawalKind } from '@app/shared';
import { builder } from '../../graphql/builder';
import type { ImportReport } from '../../platform/imports';
import { ImportReportRef } from '../../platform/imports/imports-schema';
import { WITHDRAWAL_LIST_CALLS } from './withdrawal-lists-schema';
import { WithdrawalKindRef } from './withdrawal-types';

/** The answer as a code with parameters (UPLOAD_MESSAGE_CODES) the web app words itself. */
function messageOf(r: ImportReport): { code: UploadMessageCode; params: Record<string, number> } {
  if (!r.dryRun) return { code: 'completed', params: { count: r.imported?.appliedCount ?? 0 } };
  if (r.alreadyImported) return { code: 'alreadyImported', params: { rowCount: r.rowCount } };
  return {
    code: 'checked',
    params: { rowCount: r.rowCount, invalidRowCount: r.invalidRowCount, errorCount: r.errorCount },
  };
}

const UploadResultRef = builder
  .objectRef<ImportReport>('WithdrawalTransactionsUploadResult')
  .implement({
    description:
      'The answer of a transaction CSV upload in both spec shapes ({message, countTransactions} and {isSuccess, transactionsCount}) and the import report (dry run: what would change; bad rows by line).',
    fields: (t) => ({
      message: t.string({
        resolve: (r) =>
          r.dryRun
            ? `${r.rowCount} row(s) read, ${r.invalidRowCount} with errors (${r.errorCount} error(s))${r.notApplicableReason ? `, not applicable: ${r.notApplicableReason}` : ''}; nothing was changed (dry run).`
            : `${r.imported?.appliedCount ?? 0} withdrawal request(s) completed.`,
      }),
      messageCode: t.string({
        description:
          'What `message` says, as a stable code the web app words in the admin’s language: checked (a dry run), alreadyImported (a dry run of a file applied before), completed.',
        resolve: (r) => messageOf(r).code,
      }),
      messageParams: t.string({
        description:
          'The parameters of messageCode as a JSON object: {rowCount, invalidRowCount, errorCount}, {rowCount} or {count}.',
        resolve: (r) => JSON.stringify(messageOf(r).params),
      }),
      countTransactions: t.int({
        resolve: (r) => (r.dryRun ? r.summary.count : (r.imported?.appliedCount ?? 0)),
      }),
      isSuccess: t.boolean({ resolve: (r) => r.errorCount === 0 && r.alreadyImported === null }),
      transactionsCount: t.int({
        resolve: (r) => (r.dryRun ? r.summary.count : (r.imported?.appliedCount ?? 0)),
      }),
      report: t.field({ type: ImportReportRef, resolve: (r) => r }),
    }),
  });

const pascal = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** The mutation name of a kind's transaction upload: post<ListCall>TransactionsByCSV. */
export function uploadCallOf(kind: WithdrawalKind): string {
  return `post${pascal(WITHDRAWAL_LIST_CALLS[kind])}TransactionsByCSV`;
}

for (const kind of Object.keys(WITHDRAWAL_LIST_CALLS) as WithdrawalKind[]) {
  const columns =
    kind === 'payment_paid_value'
      ? 'id,hecTransactionHash,ethTransactionHash'
      : 'id,transactionHash';
  builder.mutationField(uploadCallOf(kind), (t) =>
    t.field({
      description: `Transaction CSV upload of ${kind} withdrawals: \`${columns}\`. Completes processing requests, all rows or none (bad rows listed by line); a hash used by any request (any letter case) is refused; rejected, failed or completed requests are never completed; the same file twice is refused the second time. dryRun checks without changing anything.`,
      type: UploadResultRef,
      authScopes: { write: true },
      args: {
        file: t.arg({ type: 'Upload', required: true }),
        dryRun: t.arg.boolean({ required: false }),
      },
      resolve: (_root, args, ctx) =>
        ctx.services.withdrawals.uploadTransactions(
          ctx.actor,
          kind,
          args.file,
          args.dryRun ?? false,
        ),
    }),
  );
}

builder.mutationField('postWithdrawalTransactionsByCSV', (t) =>
  t.field({
    description:
      'The transaction CSV upload of any kind (the one call the web app’s eight screens share): the same as post<ListCall>TransactionsByCSV.',
    type: UploadResultRef,
    authScopes: { write: true },
    args: {
      kind: t.arg({ type: WithdrawalKindRef, required: true }),
      file: t.arg({ type: 'Upload', required: true }),
      dryRun: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.withdrawals.uploadTransactions(
        ctx.actor,
        args.kind,
        args.file,
        args.dryRun ?? false,
      ),
  }),
);
