import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import type {
  ImportDefinition,
  ImportReport,
  ImportsService,
  StagedRowProblem,
  StagingTable,
  UploadedFile,
} from '../../platform/imports';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../audit/audit-service';
import type { Change } from './withdrawal-actions';

type AuditEach = {
  record: (
    actor: Actor,
    operation: { operation: string; targetType: string | null },
    targetIds: ReadonlyArray<string | number>,
    summary: { [key: string]: unknown },
  ) => Promise<void>;
  withAuditEach: <T>(
    actor: Actor,
    operation: { operation: string; targetType: string | null },
    work: (trx: Transaction<DB>) => Promise<{ result: T; changes: Change[] }>,
  ) => Promise<T>;
};

export const UPLOAD_OPERATION = 'withdrawalTransactionsUpload';

/**
 * The set-based checks of a transaction file (the engine has checked every cell): each id is
 * a request of this kind in `processing` (a rejected, failed or completed one is never
 * completed), no hash is used by another request (any letter case, either hash column) or
 * twice in the file, and a principal withdrawal's two hashes differ.
 */
async function validate(
  trx: Transaction<DB>,
  kind: WithdrawalKind,
  stage: StagingTable<string>,
  hashKeys: readonly string[],
): Promise<StagedRowProblem<string>[]> {
  const problems: StagedRowProblem<string>[] = [];
  const id = stage.column('id');
  const line = stage.column('line');
  const refs = await sql<{ line: number; status: string | null; kind: string | null }>`
    SELECT s.${line} AS line, w.status, w.kind
      FROM ${stage.table} s LEFT JOIN withdrawal_requests w ON w.id = s.${id}::bigint
     WHERE w.id IS NULL OR w.kind <> ${kind} OR w.status <> 'processing'`.execute(trx);
  for (const r of refs.rows) {
    if (r.status === null || r.kind !== kind) {
      problems.push({ line: r.line, column: 'id', reason: { code: 'unknown_reference' } });
    } else {
      problems.push({
        line: r.line,
        column: 'id',
        reason: {
          code: 'conflict',
          params: {
            detail: `The request is ${r.status}; only a processing request can be completed.`,
          },
        },
      });
    }
  }
  for (const key of hashKeys) {
    const h = stage.column(key);
    const used = await sql<{ line: number; other: string }>`
      SELECT s.${line} AS line, t.withdrawal_request_id::text AS other
        FROM ${stage.table} s JOIN withdrawal_transaction_hashes t ON t.hash_key = lower(s.${h})
       WHERE t.withdrawal_request_id <> s.${id}::bigint`.execute(trx);
    for (const u of used.rows) {
      problems.push({
        line: u.line,
        column: key,
        reason: {
          code: 'conflict',
          params: { detail: `This hash is already used by withdrawal request ${u.other}.` },
        },
      });
    }
  }
  // The same hash twice in the file, in any column and letter case.
  const all = hashKeys.map(
    (k) =>
      sql`SELECT s.${line} AS line, ${k} AS col, lower(s.${stage.column(k)}) AS h FROM ${stage.table} s`,
  );
  const twice = await sql<{ line: number; col: string; first: number }>`
    WITH hashes AS (${sql.join(all, sql` UNION ALL `)})
    SELECT a.line, a.col, min(b.line) AS first
      FROM hashes a JOIN hashes b ON a.h = b.h AND (b.line < a.line OR (b.line = a.line AND b.col < a.col))
     GROUP BY a.line, a.col`.execute(trx);
  for (const d of twice.rows) {
    problems.push({
      line: d.line,
      column: d.col,
      reason: {
        code: 'conflict',
        params: { detail: `The same hash is already on line ${d.first}.` },
      },
    });
  }
  return problems;
}

async function summarize(trx: Transaction<DB>, stage: StagingTable<string>) {
  const rows = await sql<{ coin: string; total: string; n: number }>`
    SELECT w.coin_type AS coin, sum(w.net_amount)::text AS total, count(*)::int AS n
      FROM ${stage.table} s JOIN withdrawal_requests w ON w.id = s.${stage.column('id')}::bigint
     GROUP BY w.coin_type ORDER BY w.coin_type`.execute(trx);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${stage.table}`.execute(
    trx,
  );
  return {
    count: count.rows[0]?.n ?? 0,
    totals: Object.fromEntries(rows.rows.map((r) => [r.coin, r.total])),
  };
}

/** The transaction CSV uploads of the eight kinds, through the import engine. */
export function createWithdrawalUploads(imports: ImportsService, audit: AuditEach) {
  return {
    /**
     * Completes processing requests from a CSV of `id,transactionHash` (principal withdrawals:
     * `id,hecTransactionHash,ethTransactionHash`): all rows or none, every bad row reported by
     * line; a file applied before is refused (the same file twice changes nothing).
     */
    uploadTransactions: async (
      actor: Actor,
      kind: WithdrawalKind,
      file: UploadedFile,
      dryRun: boolean,
    ): Promise<ImportReport> => {
      const principal = kind === 'payment_paid_value';
      const hashKeys = principal
        ? ['hecTransactionHash', 'ethTransactionHash']
        : ['transactionHash'];
      // Per-request audit rows for the timeline, collected by apply and written with the change.
      let completed: Array<{ id: string; revision: number; hash: string; ethHash: string | null }> =
        [];
      const definition: ImportDefinition<string> = {
        kind: `withdrawal-tx-${kind.replace(/_/g, '-')}`,
        columns: principal
          ? {
              id: { type: 'id', aliases: ['requestId', 'ID'] },
              hecTransactionHash: { type: 'hash', aliases: ['hecHash'] },
              ethTransactionHash: { type: 'hash', aliases: ['ethHash'] },
            }
          : {
              id: { type: 'id', aliases: ['requestId', 'ID'] },
              transactionHash: { type: 'hash', aliases: ['hash', 'txHash'] },
            },
        uniqueBy: ['id'],
        validate: (trx, stage) => validate(trx, kind, stage, hashKeys),
        summarize: (trx, stage) => summarize(trx, stage),
        apply: async (trx, stage) => {
          const s = stage as StagingTable<string>;
          const hash = s.column(principal ? 'hecTransactionHash' : 'transactionHash');
          const eth = principal
            ? sql`s.${s.column('ethTransactionHash')}`
            : sql`w.eth_transaction_hash`;
          const updated = await sql<{
            id: string;
            revision: number;
            hash: string;
            ethHash: string | null;
          }>`
            UPDATE withdrawal_requests w
               SET status = 'completed', transaction_hash = s.${hash}, eth_transaction_hash = ${eth}
              FROM ${s.table} s
             WHERE w.id = s.${s.column('id')}::bigint AND w.kind = ${kind} AND w.status = 'processing'
            RETURNING w.id::text AS id, w.revision, w.transaction_hash AS hash, w.eth_transaction_hash AS "ethHash"`.execute(
            trx,
          );
          const staged = await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM ${s.table}`.execute(trx);
          // A request completed by a concurrent upload since the checks: refuse the whole file.
          if (updated.rows.length !== staged.rows[0]?.n)
            throw new AppError(
              'CONFLICT',
              'Some requests changed while the file was applied; nothing was changed. Upload it again.',
              {
                reason: 'CHANGED_DURING_APPLY',
              },
            );
          completed = updated.rows;
          return { count: updated.rows.length, targetIds: updated.rows.map((r) => r.id) };
        },
      };
      return imports.run(definition, file, {
        dryRun,
        actor,
        // A dry run changes nothing, but who checked which file is kept like any call.
        recordDryRun: (report) =>
          audit.record(
            actor,
            { operation: `${UPLOAD_OPERATION}DryRun`, targetType: 'csv_import' },
            [],
            {
              kind,
              fileName: report.fileName,
              contentHash: report.contentHash,
              rowCount: report.rowCount,
              errorCount: report.errorCount,
            },
          ),
        transaction: (work) =>
          audit.withAuditEach(
            actor,
            { operation: UPLOAD_OPERATION, targetType: 'withdrawal_request' },
            async (trx) => {
              const out = await work(trx);
              const after = out.after as {
                importId?: string;
                fileName?: string;
                contentHash?: string;
              };
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
                    importId: after.importId ?? null,
                    fileName: after.fileName ?? null,
                    contentHash: after.contentHash ?? null,
                  },
                })),
              };
            },
          ),
      });
    },
  };
}
