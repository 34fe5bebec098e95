import type { Transaction } from 'kysely';
import {
  change,
  facts,
  namedEvent,
  type ImportApplyRefusal,
  type ImportCheckedSummary,
  type WithdrawalStatus,
} from '@app/shared';
import type { DB } from '../../db/schema';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import type { ConfirmedSetWrite } from '../../platform/confirmed-set';
import type {
  ImportDefinition,
  ImportReport,
  ImportsService,
  StagedRowProblem,
  StagingTable,
} from '../../platform/imports';
import { type CommandAudit, type CommandEvents, type CommandInput } from '../../platform/commands';
import { FILE_FINGERPRINT_INPUT } from '../../platform/confirmed-set';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/actor';
import { transactionColumns } from './withdrawal-templates';
import * as repo from './withdrawal-uploads-repository';

/**
 * What a transaction upload writes, whichever of its nine mutations took the file
 * (commands/upload-transactions.ts declares them with these): one `withdrawalTransactionsUpload`
 * change per completed request (the request's timeline shows it as one operation) or, for a
 * dry run, the facts of the check.
 */
export const UPLOAD_EVENTS = {
  apply: namedEvent(
    'withdrawalTransactionsUpload',
    change<
      { status: WithdrawalStatus },
      {
        status: WithdrawalStatus;
        revision: number;
        /** Null for a principal withdrawal that sends no HEC (an ETH plan's payment). */
        transactionHash: string | null;
        ethTransactionHash: string | null;
        importId: string | null;
        fileName: string | null;
        contentHash: string | null;
      }
    >()('withdrawal_request'),
  ),
  dryRun: namedEvent(
    'withdrawalTransactionsUploadDryRun',
    facts<ImportCheckedSummary & { kind: WithdrawalKind }>()('csv_import'),
  ),
} as const satisfies CommandEvents;

/** The events of an upload, bound to the request's actor. */
type UploadAudit = CommandAudit<string, typeof UPLOAD_EVENTS>;

/** The file of an upload, whatever its kind. */
export const TRANSACTIONS_FILE = {
  file: { type: 'Upload', required: true },
  dryRun: { type: 'Boolean' },
  ...FILE_FINGERPRINT_INPUT,
} as const;

/** An upload as its handler takes it: the file and the kind of its requests. */
type TransactionsUploadInput = CommandInput<typeof TRANSACTIONS_FILE> & {
  kind: WithdrawalKind;
};

/**
 * The set-based checks of a transaction file (the engine has checked every cell): each id is
 * a request of this kind in `processing` (a rejected, failed or completed one is never
 * completed), no hash is used by another request (any letter case, either hash column) or
 * twice in the file, and a principal withdrawal has the hash of each transfer it makes, only
 * those (its two hashes differ).
 */
async function validate(
  trx: Transaction<DB>,
  kind: WithdrawalKind,
  stage: StagingTable<string>,
  hashKeys: readonly string[],
): Promise<StagedRowProblem<string>[]> {
  const problems: StagedRowProblem<string>[] = [];
  for (const r of await repo.badReferences(trx, kind, stage)) {
    if (r.status === null || r.kind !== kind) {
      problems.push({ line: r.line, column: 'id', reason: { code: 'unknown_reference' } });
    } else {
      problems.push({
        line: r.line,
        column: 'id',
        reason: { code: 'request_not_processing', params: { status: r.status } },
      });
    }
  }
  for (const key of hashKeys) {
    for (const u of await repo.hashesUsedElsewhere(trx, stage, key)) {
      problems.push({
        line: u.line,
        column: key,
        reason: { code: 'hash_used', params: { requestId: u.other } },
      });
    }
  }
  // A principal withdrawal names the hash of each transfer it makes and no other: an ETH
  // plan's request only its ETH hash, a HEC plan's only its HEC hash (docs/domain.md, "What a
  // principal withdrawal pays"). A hash for a side that sends 0 is refused, not ignored: it is
  // most likely another transfer's hash in the wrong cell, and stored it would be taken.
  if (kind === 'payment_paid_value') {
    const [mainKey, ethKey] = hashKeys as [string, string];
    for (const m of await repo.hashSideMismatches(trx, kind, stage, mainKey, ethKey)) {
      const coin = m.side === 'main' ? 'HEC' : 'ETH';
      problems.push({
        line: m.line,
        column: m.side === 'main' ? mainKey : ethKey,
        reason: {
          code: m.problem === 'missing' ? 'hash_missing_for_transfer' : 'hash_without_transfer',
          params: { coin },
        },
      });
    }
  }
  // The same hash twice in the file, in any column and letter case.
  for (const d of await repo.hashesRepeated(trx, stage, hashKeys)) {
    problems.push({
      line: d.line,
      column: d.col,
      reason: { code: 'hash_repeated', params: { firstLine: d.first } },
    });
  }
  return problems;
}

/**
 * Completes processing requests from a CSV of `id,transactionHash` (principal withdrawals:
 * `id,hecTransactionHash,ethTransactionHash`, the cell of a side that sends 0 empty), through
 * the import engine: all rows or none, every bad row reported by line; a file applied before
 * is refused (the same file twice changes nothing).
 */
export function uploadTransactions(
  imports: ImportsService,
  audit: UploadAudit,
  actor: Actor,
  { kind, file, dryRun, fingerprint }: TransactionsUploadInput,
  write: ConfirmedSetWrite,
): Promise<ImportReport> {
  const principal = kind === 'payment_paid_value';
  const hashKeys = principal ? ['hecTransactionHash', 'ethTransactionHash'] : ['transactionHash'];
  // Per-request audit rows for the timeline, collected by apply and written with the change.
  let completed: repo.CompletedRequest[] = [];
  const definition: ImportDefinition<string> = {
    kind: `withdrawal-tx-${kind.replace(/_/g, '-')}`,
    columns: transactionColumns(kind),
    uniqueBy: ['id'],
    validate: (trx, stage) => validate(trx, kind, stage, hashKeys),
    summarize: (trx, stage) => repo.stagedTotals(trx, stage),
    apply: async (trx, stage) => {
      const s = stage as StagingTable<string>;
      const updated = await repo.completeStaged(
        trx,
        kind,
        s,
        principal ? 'hecTransactionHash' : 'transactionHash',
        principal ? 'ethTransactionHash' : null,
      );
      const staged = await repo.stagedCount(trx, s);
      // A request completed by a concurrent upload since the checks: refuse the whole file.
      if (updated.length !== staged)
        throw new AppError(
          'CONFLICT',
          'Some requests changed while the file was applied; nothing was changed. Upload it again.',
          {
            reason: 'CHANGED_DURING_APPLY',
            applyRefusal: 'changedDuringApply' satisfies ImportApplyRefusal,
            params: {},
          },
        );
      completed = updated;
      return { count: updated.length, targetIds: updated.map((r) => r.id) };
    },
  };
  return imports.run(definition, file, {
    dryRun: dryRun ?? false,
    actor,
    confirmed: { write, fingerprint },
    // A dry run changes nothing, but who checked which file is kept like any call.
    recordDryRun: (report) =>
      audit.dryRun.record([], {
        kind,
        fileName: report.fileName,
        contentHash: report.contentHash,
        rowCount: report.rowCount,
        errorCount: report.errorCount,
      }),
    transaction: (work) =>
      audit.apply.each(async (trx) => {
        const out = await work(trx);
        const { after } = out;
        return {
          result: out.result,
          changes: completed.map((c) => ({
            targetIds: [c.id],
            before: { status: 'processing' },
            after: {
              status: 'completed',
              revision: c.revision,
              transactionHash: c.hash,
              ethTransactionHash: c.ethHash,
              importId: after.importId,
              fileName: after.fileName,
              contentHash: after.contentHash,
            },
          })),
        };
      }),
  });
}
