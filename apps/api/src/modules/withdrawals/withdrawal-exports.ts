import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import { csvChunks, type CsvColumn } from '../../platform/csv';
import { AppError } from '../../shared/app-error';
import { fileNameStamp, isoInTimeZone, type ExportUnit } from '@app/shared';
import { badInput, notFound, notAnId } from '../../shared/list-input';
import type { AuditChange, AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import type { SortOrder } from '../../shared/page';
import { checkExpectedCount, MAX_MATCHING_PER_ACTION, tooManyMatching } from './withdrawal-actions';
import { SIGNING_EXPORT, type SigningLayout } from './withdrawal-commands';
import * as repo from './withdrawal-exports-repository';
import {
  lockMatchingSet,
  matchingSet,
  type MatchingRow,
  type WithdrawalsFilter,
} from './withdrawals-repository';
import {
  checkFingerprintInput,
  confirmSet,
  setFingerprint,
  type ConfirmedSet,
  type ConfirmedSetWrite,
} from '../../platform/confirmed-set';

export type { SigningLayout };

/** A column of a signing file, described for its reader (docs/api.md, "Signing exports"). */
export type SigningColumn<Row> = {
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
export function signingCsvColumns<Row>(
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

type AuditEach = Pick<AuditService, 'withAuditEach'>;

/** A client's key of one export call (the web app sends a random one per confirmation). */
const CLIENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The filter of what an export takes: the list's filter, approved requests only. A list
 * filtered to another status shows no approved request, so the export takes none (null).
 */
export function exportFilter(filter: WithdrawalsFilter): WithdrawalsFilter | null {
  if (filter.status !== undefined && filter.status !== 'approved') return null;
  return { ...filter, status: 'approved' };
}

/** The filter as kept with its batch (and compared on a retry): set values only, dates ISO. */
function filterRecord(filter: WithdrawalsFilter): Record<string, unknown> {
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

const sameRecord = (a: Record<string, unknown>, b: Record<string, unknown>): boolean =>
  JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y))) ===
  JSON.stringify(Object.entries(b).sort(([x], [y]) => x.localeCompare(y)));

const dateOf = (value: Date | string | undefined): Date | null =>
  value === undefined ? null : new Date(value);

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

export type SigningExportInput = {
  filter: WithdrawalsFilter;
  layout: SigningLayout;
  /** The count the operator confirmed, shown to people. */
  expectedCount?: number | undefined;
  /** The preview's fingerprint: a different set now is refused (LIST_CHANGED). */
  fingerprint?: string | null | undefined;
  /** The operation the export was called as (a declared set-write). */
  write: ConfirmedSetWrite;
  /** Makes the call idempotent: a retry with the key answers the first call's batch. */
  clientKey?: string | undefined;
  /** The list call's name, for the file name (`savingWithdrawalsCsv_batch12_…`). */
  callName: string;
};

/** Signing exports: approved -> processing with an export batch, and the batches again. */
export function createWithdrawalExports(
  db: Kysely<DB>,
  audit: AuditEach,
  options: { businessTimeZone: string },
) {
  /** Answers a retried call (same admin, same key) with the batch its first attempt made. */
  async function replay(
    actor: Actor,
    found: repo.ExportBatchRow,
    input: SigningExportInput,
    clientKey: string,
  ): Promise<repo.ExportBatchRow> {
    const scoped = exportFilter(input.filter);
    if (
      found.kind !== input.filter.kind ||
      found.layout !== input.layout ||
      !scoped ||
      !sameRecord(found.filters, filterRecord(scoped))
    )
      throw new AppError(
        'BAD_USER_INPUT',
        'clientKey: was already used for another export; send a new key.',
        { field: 'clientKey', reason: 'EXPORT_KEY_REUSED' },
      );
    return audit.withAuditEach(actor, SIGNING_EXPORT.audit.replay, async () => ({
      result: found,
      changes: [
        {
          targetIds: [found.id],
          before: null,
          after: { replayed: true, clientKey, requestCount: found.requestCount },
        },
      ],
    }));
  }

  async function exportOnce(
    actor: Actor,
    input: SigningExportInput,
    clientKey: string | null,
  ): Promise<repo.ExportBatchRow> {
    const { filter, layout } = input;
    const scoped = exportFilter(filter);
    return audit.withAuditEach(actor, SIGNING_EXPORT.audit.export, async (trx) => {
      // Exactly the approved requests the list shows for this filter, locked in id order
      // (a concurrent export waits, then finds them processing): the very set the operator
      // confirmed (its fingerprint, through the one confirmed-set check), or nothing happens.
      const rows = scoped ? await lockMatchingSet(trx, scoped, MAX_MATCHING_PER_ACTION + 1) : [];
      if (rows.length > MAX_MATCHING_PER_ACTION) throw tooManyMatching();
      confirmSet(
        input.write,
        { expectedCount: input.expectedCount, fingerprint: input.fingerprint },
        exportFingerprint(filter, rows),
      );
      const locked = rows.map((r) => r.id);
      if (locked.length === 0)
        throw new AppError('CONFLICT', 'There are no approved requests to export.', {
          reason: 'NOTHING_TO_EXPORT',
        });
      // Every request still has the approvals its coin's threshold asks for now.
      await repo.lockThresholds(trx);
      const missing = await repo.underApproved(trx, locked);
      if (missing.length > 0)
        throw new AppError(
          'CONFLICT',
          `Withdrawal requests ${missing.map((m) => m.id).join(', ')} lack the approvals their coin's threshold requires now; nothing was exported. Reject them or leave them out with the filters.`,
          {
            reason: 'APPROVALS_MISSING',
            ids: missing.map((m) => m.id),
            params: { ids: missing.map((m) => m.id).join(', '), count: missing.length },
          },
        );
      const revisionsBefore = await repo.revisionsOf(trx, locked);
      const batch = await repo.insertBatch(trx, {
        kind: filter.kind,
        layout,
        adminUserId: actor.adminUserId,
        adminUserName: actor.adminUserName ?? '',
        requestedAtFrom: dateOf(filter.requestedAtFrom),
        requestedAtUntil: dateOf(filter.requestedAtUntil),
        filters: filterRecord(scoped!),
        requestCount: locked.length,
        clientKey,
      });
      const marked = await repo.markProcessing(trx, locked, batch.id);
      // Both layouts, kept as handed out; the batch row holds the one asked for. Names are
      // stamped in the business time zone (BUSINESS_TIME_ZONE), by the one stamp helper.
      const stamp = fileNameStamp(new Date(batch.createdAt), options.businessTimeZone);
      const files = new Map<SigningLayout, { fileName: string; sha256: string; content: Buffer }>();
      for (const each of ['v1', 'v2'] as const) {
        const content = Buffer.from(
          await signingFileText(trx, each, batch.id, options.businessTimeZone),
          'utf8',
        );
        const file = {
          fileName: `${input.callName}${each === 'v2' ? 'CsvV2' : 'Csv'}_batch${batch.id}_${stamp}.csv`,
          sha256: createHash('sha256').update(content).digest('hex'),
          content,
        };
        files.set(each, file);
        await repo.insertBatchFile(trx, { batchId: batch.id, layout: each, ...file });
      }
      const { sha256, content, fileName } = files.get(layout)!;
      const totals = await repo.transferTotals(trx, locked);
      await repo.setBatchFile(trx, batch.id, { sha256, content, fileName, totals });
      const before = new Map(revisionsBefore.map((r) => [String(r.id), r.revision]));
      const revisions = new Map(marked.map((m) => [String(m.id), m.revision]));
      const changes: AuditChange<typeof SIGNING_EXPORT.audit.export>[] = locked.map((id) => ({
        targetIds: [id],
        before: { status: 'approved', revision: before.get(id) ?? null },
        after: {
          status: 'processing',
          revision: revisions.get(id) ?? null,
          exportBatchId: batch.id,
          layout,
          fileSha256: sha256,
        },
      }));
      const row = await repo.findBatch(trx, batch.id);
      return { result: row!, changes };
    });
  }

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

    /**
     * Puts exactly the approved requests matching the list's filter into one new batch
     * (the set of `fingerprint`, or as many as `expectedCount` without one, else
     * LIST_CHANGED), after re-checking each one's
     * approvals, marks them processing, and keeps the file's bytes, hash and totals, all in
     * one transaction with one audit row per request. With a client key, a retried call
     * answers the batch its first attempt made and exports nothing again.
     */
    exportForSigning: async (
      actor: Actor,
      input: SigningExportInput,
    ): Promise<repo.ExportBatchRow> => {
      if (actor.adminUserName === null || actor.adminUserId === null)
        throw new AppError('FORBIDDEN', 'Sign in to export.');
      const { filter } = input;
      if (
        filter.requestedAtFrom &&
        filter.requestedAtUntil &&
        new Date(filter.requestedAtFrom) > new Date(filter.requestedAtUntil)
      )
        throw badInput('requestedAtFrom', 'must not be after requestedAtUntil.', {
          code: 'notAfter',
          params: { other: 'requestedAtUntil' },
        });
      if (input.expectedCount !== undefined) checkExpectedCount(input.expectedCount);
      checkFingerprintInput(input.fingerprint);
      const clientKey = input.clientKey ?? null;
      if (clientKey !== null && !CLIENT_KEY.test(clientKey))
        throw badInput('clientKey', 'must be 16 to 64 letters, digits, - or _.');
      if (clientKey !== null) {
        const found = await repo.findBatchByKey(db, actor.adminUserId, clientKey);
        if (found) return replay(actor, found, input, clientKey);
      }
      try {
        return await exportOnce(actor, input, clientKey);
      } catch (error) {
        // A retry that ran beside its first attempt: it waited on the same rows (or key) and
        // found them taken; the first attempt's batch is its answer.
        if (clientKey !== null) {
          const found = await repo.findBatchByKey(db, actor.adminUserId, clientKey);
          if (found) return replay(actor, found, input, clientKey);
        }
        throw error;
      }
    },

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
