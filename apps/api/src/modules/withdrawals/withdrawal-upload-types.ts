// The answer of the transaction uploads (commands/upload-transactions.ts), declared once here.
import type { UploadMessageCode } from '@app/shared';
import { builder } from '../../graphql/builder';
import type { ImportReport } from '../../platform/imports';
import { ImportReportRef } from '../../platform/imports/imports-schema';

/** The answer as a code with parameters (UPLOAD_MESSAGE_CODES) the web app words itself. */
function messageOf(r: ImportReport): { code: UploadMessageCode; params: Record<string, number> } {
  if (!r.dryRun) return { code: 'completed', params: { count: r.imported?.appliedCount ?? 0 } };
  if (r.alreadyImported) return { code: 'alreadyImported', params: { rowCount: r.rowCount } };
  return {
    code: 'checked',
    params: { rowCount: r.rowCount, invalidRowCount: r.invalidRowCount, errorCount: r.errorCount },
  };
}

/** What every transaction upload answers. */
export const UploadResultRef = builder
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
