import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import { csvChunks, type CsvColumn } from '../../platform/csv';
import { AppError } from '../../shared/app-error';
import { badInput, notFound } from '../../shared/list-input';
import type { Actor } from '../audit/audit-service';
import type { Change } from './withdrawal-actions';
import * as repo from './withdrawal-exports-repository';

export type SigningLayout = 'v1' | 'v2';

/** A column of a signing file, described for its reader (docs/api.md, "Signing exports"). */
export type SigningColumn<Row> = {
  key: keyof Row & string;
  header: string;
  meaning: string;
  type: 'text' | 'decimal' | 'integer' | 'datetime';
  unit?: string;
  example: string;
};

export const SIGNING_COLUMNS_V1: readonly SigningColumn<repo.SigningRowV1>[] = [
  {
    key: 'id',
    header: 'id',
    meaning: 'Withdrawal request id (the upload names it)',
    type: 'integer',
    example: '1024',
  },
  { key: 'kind', header: 'kind', meaning: 'Withdrawal kind', type: 'text', example: 'saving' },
  { key: 'userName', header: 'userName', meaning: 'User name', type: 'text', example: 'alice01' },
  {
    key: 'email',
    header: 'email',
    meaning: 'User email',
    type: 'text',
    example: 'alice@example.com',
  },
  {
    key: 'coinType',
    header: 'coinType',
    meaning: 'Coin of the main transfer',
    type: 'text',
    example: 'HEC',
  },
  {
    key: 'requestedAmount',
    header: 'requestedAmount',
    meaning: 'Requested (gross) amount',
    type: 'decimal',
    unit: 'coinType',
    example: '1500.000000000000000000',
  },
  {
    key: 'fee',
    header: 'fee',
    meaning: 'Fee kept',
    type: 'decimal',
    unit: 'coinType',
    example: '15.000000000000000000',
  },
  {
    key: 'netAmount',
    header: 'netAmount',
    meaning: 'Amount to send (requested - fee)',
    type: 'decimal',
    unit: 'coinType',
    example: '1485.000000000000000000',
  },
  {
    key: 'receiverAddress',
    header: 'receiverAddress',
    meaning: 'Receiving address of the main transfer',
    type: 'text',
    example: '0x8f…',
  },
  {
    key: 'ethNetAmount',
    header: 'ethNetAmount',
    meaning: 'Principal withdrawals: ETH to send (principal + reward - fee); empty otherwise',
    type: 'decimal',
    unit: 'ETH',
    example: '0.420000000000000000',
  },
  {
    key: 'ethReceiverAddress',
    header: 'ethReceiverAddress',
    meaning: 'Principal withdrawals: ETH receiving address',
    type: 'text',
    example: '0x3c…',
  },
  {
    key: 'requestedAt',
    header: 'requestedAt',
    meaning: 'Requested at (ISO-8601 UTC)',
    type: 'datetime',
    example: '2026-11-20T09:00:00.000Z',
  },
  {
    key: 'approvedAt',
    header: 'approvedAt',
    meaning: 'Fully approved at (ISO-8601 UTC)',
    type: 'datetime',
    example: '2026-11-21T10:30:00.000Z',
  },
];

export const SIGNING_COLUMNS_V2: readonly SigningColumn<repo.SigningRowV2>[] = [
  {
    key: 'requestId',
    header: 'requestId',
    meaning: 'Withdrawal request id',
    type: 'integer',
    example: '1024',
  },
  {
    key: 'coin',
    header: 'coin',
    meaning: 'Coin of this transfer (HEC, ETH or ATEM)',
    type: 'text',
    example: 'ETH',
  },
  {
    key: 'toAddress',
    header: 'toAddress',
    meaning: 'Receiving address',
    type: 'text',
    example: '0x3c…',
  },
  {
    key: 'amount',
    header: 'amount',
    meaning: 'Exact amount to send in coin',
    type: 'decimal',
    unit: 'coin',
    example: '0.420000000000000000',
  },
  {
    key: 'reference',
    header: 'reference',
    meaning: 'withdrawal-<id>, -eth for the ETH transfer of a principal withdrawal',
    type: 'text',
    example: 'withdrawal-1024-eth',
  },
];

function cell(type: SigningColumn<unknown>['type'], value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The writer's columns of a layout: the same cells as the export engine writes. */
export function signingCsvColumns<Row>(
  columns: readonly SigningColumn<Row>[],
): CsvColumn<Record<string, unknown>>[] {
  return columns.map((c) => ({
    header: c.header,
    kind: c.type === 'datetime' ? 'text' : c.type,
    value: (row: Record<string, unknown>) => cell(c.type, row[c.key]),
  }));
}

/** The rows of a batch in its layout, in file order. */
export function signingRows(
  db: Kysely<DB> | Transaction<DB>,
  layout: SigningLayout,
  batchId: string,
) {
  return layout === 'v1' ? repo.signingRowsV1(db, batchId) : repo.signingRowsV2(db, batchId);
}

export async function signingFileText(
  db: Kysely<DB> | Transaction<DB>,
  layout: SigningLayout,
  batchId: string,
): Promise<string> {
  const rows = (await signingRows(db, layout, batchId).execute()) as Record<string, unknown>[];
  const columns = signingCsvColumns<Record<string, unknown>>(
    (layout === 'v1' ? SIGNING_COLUMNS_V1 : SIGNING_COLUMNS_V2) as readonly SigningColumn<
      Record<string, unknown>
    >[],
  );
  let text = '';
  for await (const chunk of csvChunks(rows, columns)) text += chunk;
  return text;
}

type AuditEach = {
  withAuditEach: <T>(
    actor: Actor,
    operation: { operation: string; targetType: string | null },
    work: (trx: Transaction<DB>) => Promise<{ result: T; changes: Change[] }>,
  ) => Promise<T>;
};

/** Signing exports: approved -> processing with an export batch, and the batches again. */
export function createWithdrawalExports(db: Kysely<DB>, audit: AuditEach) {
  return {
    /**
     * Puts every approved request of the kind (in the requested-at window) into one new
     * batch, marks them processing, and keeps the file's bytes and hash, all in one
     * transaction with one audit row per request. Nothing approved: CONFLICT, nothing made.
     */
    exportForSigning: (
      actor: Actor,
      kind: WithdrawalKind,
      layout: SigningLayout,
      window: repo.SigningWindow,
      callName: string,
    ): Promise<repo.ExportBatchRow> => {
      if (actor.adminUserName === null) throw new AppError('FORBIDDEN', 'Sign in to export.');
      if (
        window.requestedAtFrom &&
        window.requestedAtUntil &&
        window.requestedAtFrom > window.requestedAtUntil
      )
        throw badInput('requestedAtFrom', 'must not be after requestedAtUntil.');
      return audit.withAuditEach(
        actor,
        { operation: 'withdrawalExport', targetType: 'withdrawal_request' },
        async (trx) => {
          const locked = await repo.lockApproved(trx, kind, window);
          if (locked.length === 0)
            throw new AppError('CONFLICT', 'There are no approved requests to export.', {
              reason: 'NOTHING_TO_EXPORT',
            });
          const suffix = layout === 'v2' ? 'CsvV2' : 'Csv';
          const batch = await repo.insertBatch(trx, {
            kind,
            layout,
            adminUserId: actor.adminUserId,
            adminUserName: actor.adminUserName ?? '',
            window,
            requestCount: locked.length,
            fileName: '',
          });
          const fileName = `${callName}${suffix}_batch${batch.id}.csv`;
          const marked = await repo.markProcessing(
            trx,
            locked.map((r) => r.id),
            batch.id,
          );
          const content = Buffer.from(await signingFileText(trx, layout, batch.id), 'utf8');
          const sha256 = createHash('sha256').update(content).digest('hex');
          await repo.setBatchFile(trx, batch.id, { sha256, content });
          await trx
            .updateTable('withdrawal_export_batches')
            .set({ file_name: fileName })
            .where('id', '=', batch.id)
            .execute();
          const revisions = new Map(marked.map((m) => [m.id, m.revision]));
          const changes: Change[] = locked.map((r) => ({
            targetIds: [r.id],
            before: { status: 'approved', revision: r.revision },
            after: {
              status: 'processing',
              revision: revisions.get(r.id) ?? null,
              exportBatchId: batch.id,
              layout,
              fileSha256: sha256,
            },
          }));
          const row = await repo.findBatch(trx, batch.id);
          return { result: row!, changes };
        },
      );
    },

    batch: async (id: string) => {
      if (!/^[1-9][0-9]{0,18}$/.test(id)) throw badInput('batchId', 'is not an id.');
      const batch = await repo.findBatch(db, id);
      if (!batch) throw notFound('Export batch', id);
      return batch;
    },

    /** The bytes handed out with a batch, exactly as first exported. */
    batchContent: async (id: string) => repo.batchContent(db, id),

    batches: (kind: WithdrawalKind, limit: number, offset: number) =>
      repo.listBatches(db, kind, limit, offset),
  };
}
