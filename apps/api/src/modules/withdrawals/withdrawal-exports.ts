import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import { csvChunks, type CsvColumn } from '../../platform/csv';
import { isoInTimeZone, type ExportUnit } from '@app/shared';
import { notFound, notAnId } from '../../shared/list-input';
import type { SortOrder } from '../../shared/page';
import { MAX_MATCHING_PER_ACTION, tooManyMatching } from './withdrawal-actions';
import * as repo from './withdrawal-exports-repository';
import { matchingSet, type MatchingRow, type WithdrawalsFilter } from './withdrawals-repository';
import { setFingerprint, type ConfirmedSet } from '../../platform/confirmed-set';

/** A signing file's layouts: v1 (one row per request) or v2 (one row per coin transfer). */
export const SIGNING_LAYOUTS = ['v1', 'v2'] as const;
export type SigningLayout = (typeof SIGNING_LAYOUTS)[number];

/** A column of a signing file, described for its reader (docs/api.md, "Signing exports"). */
type SigningColumn<Row> = {
  key: keyof Row & string;
  header: string;
  meaning: string;
  type: 'text' | 'decimal' | 'integer' | 'datetime';
  unit?: ExportUnit;
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
    meaning: 'Requested at (ISO-8601 with the business time zone offset)',
    type: 'datetime',
    example: '2026-11-20T18:00:00+09:00',
  },
  {
    key: 'approvedAt',
    header: 'approvedAt',
    meaning: 'Fully approved at (ISO-8601 with the business time zone offset)',
    type: 'datetime',
    example: '2026-11-21T19:30:00+09:00',
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

function cell(
  type: SigningColumn<unknown>['type'],
  value: unknown,
  timeZone: string,
): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return isoInTimeZone(value, timeZone);
  return String(value);
}

/**
 * The writer's columns of a layout: the same cells as the export engine writes (timestamps in
 * the business time zone with its offset).
 */
function signingCsvColumns<Row>(
  columns: readonly SigningColumn<Row>[],
  timeZone: string,
): CsvColumn<Record<string, unknown>>[] {
  return columns.map((c) => ({
    header: c.header,
    kind: c.type === 'datetime' ? 'text' : c.type,
    value: (row: Record<string, unknown>) => cell(c.type, row[c.key], timeZone),
  }));
}

/** The rows of a batch in its layout, in file order. */
function signingRows(db: Kysely<DB> | Transaction<DB>, layout: SigningLayout, batchId: string) {
  return layout === 'v1' ? repo.signingRowsV1(db, batchId) : repo.signingRowsV2(db, batchId);
}

export async function signingFileText(
  db: Kysely<DB> | Transaction<DB>,
  layout: SigningLayout,
  batchId: string,
  timeZone: string,
): Promise<string> {
  const rows = (await signingRows(db, layout, batchId).execute()) as Record<string, unknown>[];
  const columns = signingCsvColumns<Record<string, unknown>>(
    (layout === 'v1' ? SIGNING_COLUMNS_V1 : SIGNING_COLUMNS_V2) as readonly SigningColumn<
      Record<string, unknown>
    >[],
    timeZone,
  );
  let text = '';
  for await (const chunk of csvChunks(rows, columns)) text += chunk;
  return text;
}

/**
 * The filter of what an export takes: the list's filter, approved requests only. A list
 * filtered to another status shows no approved request, so the export takes none (null).
 */
export function exportFilter(filter: WithdrawalsFilter): WithdrawalsFilter | null {
  if (filter.status !== undefined && filter.status !== 'approved') return null;
  return { ...filter, status: 'approved' };
}

/** The filter as kept with its batch (and compared on a retry): set values only, dates ISO. */
export function filterRecord(filter: WithdrawalsFilter): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [
        key,
        value instanceof Date || key.startsWith('requestedAt')
          ? new Date(value as Date | string).toISOString()
          : value,
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

/** Whether a retry's filter is the one kept with its first attempt's batch. */
export const sameRecord = (a: Record<string, unknown>, b: Record<string, unknown>): boolean =>
  JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y))) ===
  JSON.stringify(Object.entries(b).sort(([x], [y]) => x.localeCompare(y)));

/**
 * The set a signing export of a list's filter takes: the approved requests it matches, by id
 * and revision (the list's filter is the scope, so another filter's preview never fits).
 */
export function exportFingerprint(
  filter: WithdrawalsFilter,
  rows: readonly MatchingRow[],
): ConfirmedSet {
  return setFingerprint({ signingExport: filter }, rows);
}

export type ExportPreview = {
  /** The approved requests the export would take now. */
  count: number;
  /** Their fingerprint: what the export is sent with, and refused on any difference. */
  fingerprint: string;
  totals: repo.CoinTotal[];
  /** Of those, the ones whose approvals no longer satisfy their coin's threshold. */
  underApprovedIds: string[];
};

/**
 * Signing exports read: what an export would take, and the batches again (the export itself
 * is commands/export-for-signing.ts).
 */
export function createWithdrawalExports(db: Kysely<DB>, options: { businessTimeZone: string }) {
  return {
    /**
     * What an export of the list's filter would take now: the approved requests matching it,
     * their total per coin, and those whose approvals no longer suffice (which refuse it).
     */
    exportPreview: async (filter: WithdrawalsFilter): Promise<ExportPreview> => {
      const scoped = exportFilter(filter);
      const rows = scoped ? await matchingSet(db, scoped, MAX_MATCHING_PER_ACTION + 1) : [];
      if (rows.length > MAX_MATCHING_PER_ACTION) throw tooManyMatching();
      const ids = rows.map((r) => r.id);
      const [totals, missing] = await Promise.all([
        repo.transferTotals(db, ids),
        repo.underApproved(db, ids),
      ]);
      return {
        count: ids.length,
        fingerprint: exportFingerprint(filter, rows).fingerprint,
        totals,
        underApprovedIds: missing.map((m) => m.id),
      };
    },

    /** The batch an admin's export call made under this client key, if any. */
    batchByKey: (adminUserId: number, clientKey: string) =>
      repo.findBatchByKey(db, adminUserId, clientKey),

    /** BUSINESS_TIME_ZONE: the signing files' timestamps and file-name stamps. */
    businessTimeZone: options.businessTimeZone,

    batch: async (id: string) => {
      if (!/^[1-9][0-9]{0,18}$/.test(id)) throw notAnId('batchId', 'is not an id.');
      const batch = await repo.findBatch(db, id);
      if (!batch) throw notFound('exportBatch', id);
      return batch;
    },

    /** The files kept for the batches (each layout's name and hash). */
    batchFiles: (ids: readonly string[]) => repo.batchFiles(db, ids),

    /** A layout's bytes of a batch, exactly as first exported. */
    batchFile: async (id: string, layout: SigningLayout) => {
      const file = await repo.batchFile(db, id, layout);
      if (!file) throw notFound('exportBatchFile', `${id} (${layout})`);
      return file;
    },

    batches: (kind: WithdrawalKind, limit: number, offset: number, orderBy?: SortOrder) =>
      repo.listBatches(db, kind, limit, offset, orderBy),
  };
}
