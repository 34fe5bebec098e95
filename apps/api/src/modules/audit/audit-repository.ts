import { sql } from 'kysely';
import { REFUSAL_OPERATIONS } from '@app/shared';
import type { Executor } from '../../db/executor';
import type { JsonValue } from '../../db/tables/admin-tables';
import type { Page, PageRequest } from '../../shared/page';
import type { HashedAuditRow } from './audit-hash';
import { AUDIT_LIST } from './audit-list';

type ChainHead = { lastId: string; lastHash: string };

/** Locks the chain head until the transaction ends, so appends happen one at a time. */
export async function lockChainHead(db: Executor): Promise<ChainHead> {
  const row = await db
    .selectFrom('audit_chain_head')
    .select(['last_id', 'last_hash'])
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { lastId: String(row.last_id), lastHash: row.last_hash };
}

/** The chain head without locking, for the verifier. */
export async function readChainHead(db: Executor): Promise<ChainHead> {
  const row = await db
    .selectFrom('audit_chain_head')
    .select(['last_id', 'last_hash'])
    .executeTakeFirstOrThrow();
  return { lastId: String(row.last_id), lastHash: row.last_hash };
}

/** Appends one row and moves the head to it (the caller holds the head lock). */
export async function insertAuditRow(
  db: Executor,
  row: HashedAuditRow & { hash: string },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: row.id,
      occurred_at: row.occurredAt,
      admin_user_id: row.adminUserId,
      admin_user_name: row.adminUserName,
      operation: row.operation,
      target_type: row.targetType,
      target_ids: row.targetIds,
      summary: JSON.stringify(row.summary),
      request_id: row.requestId,
      ip: row.ip,
      prev_hash: row.prevHash,
      hash: row.hash,
    })
    .execute();
  await db.updateTable('audit_chain_head').set({ last_id: row.id, last_hash: row.hash }).execute();
}

export type StoredAuditRow = HashedAuditRow & { hash: string };

function toStored(row: {
  id: string;
  occurred_at: Date;
  admin_user_id: number | null;
  admin_user_name: string | null;
  operation: string;
  target_type: string | null;
  target_ids: string[];
  summary: { [key: string]: JsonValue };
  request_id: string | null;
  ip: string | null;
  prev_hash: string;
  hash: string;
}): StoredAuditRow {
  return {
    id: String(row.id),
    occurredAt: new Date(row.occurred_at).toISOString(),
    adminUserId: row.admin_user_id,
    adminUserName: row.admin_user_name,
    operation: row.operation,
    targetType: row.target_type,
    targetIds: row.target_ids,
    // pg returns jsonb parsed; keep a string defensively parsed too.
    summary:
      typeof row.summary === 'string'
        ? (JSON.parse(row.summary) as StoredAuditRow['summary'])
        : row.summary,
    requestId: row.request_id,
    ip: row.ip,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Rows with id greater than `afterId`, in id order, for the chain check. */
export async function readAuditRowsAfter(
  db: Executor,
  afterId: string,
  limit: number,
): Promise<StoredAuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toStored);
}

export type AuditFilter = {
  adminUserId?: number | null;
  operation?: string | null;
  targetId?: string | null;
  targetType?: string | null;
  occurredFrom?: Date | null;
  occurredUntil?: Date | null;
  /** Only the events that record a refusal (REFUSAL_OPERATIONS). */
  refusals?: boolean;
};

/** The audit log's sort targets (declared in audit-list.ts). */
export type AuditSortTarget = (typeof AUDIT_LIST.sortTargets)[number];

const SORT_COLUMNS = {
  id: 'id',
  occurredAt: 'occurred_at',
  operation: 'operation',
  adminUserName: 'admin_user_name',
} as const satisfies Record<AuditSortTarget, string>;

/** The audit rows the filter keeps: the list's and its export's, one filter. */
function matchingRows(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.adminUserId != null) query = query.where('admin_user_id', '=', filter.adminUserId);
  if (filter.operation) query = query.where('operation', '=', filter.operation);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId)
    query = query.where(sql<boolean>`target_ids @> ARRAY[${filter.targetId}]::text[]`);
  if (filter.occurredFrom) query = query.where('occurred_at', '>=', filter.occurredFrom);
  if (filter.occurredUntil) query = query.where('occurred_at', '<=', filter.occurredUntil);
  if (filter.refusals) query = query.where('operation', 'in', [...REFUSAL_OPERATIONS]);
  return query;
}

/** One page of audit rows matching the filter, and how many match in all. */
export async function listAuditRows(
  db: Executor,
  filter: AuditFilter,
  page: PageRequest<AuditSortTarget>,
): Promise<Page<StoredAuditRow>> {
  const query = matchingRows(db, filter);
  const direction = page.sort?.orderBy ?? 'desc';
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(SORT_COLUMNS[page.sort?.target ?? 'id'], direction)
      // id breaks ties so pages never overlap.
      .orderBy('id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toStored), totalRecords: Number(count.count) };
}

/**
 * The audit trail without paging, for auditLogsCsv (issue 13): the list's filters and order,
 * the summary as its JSON text and the targets joined by spaces.
 */
export function auditExportQuery(
  db: Executor,
  filter: AuditFilter,
  sort: { target: AuditSortTarget; orderBy: 'asc' | 'desc' },
) {
  const query = matchingRows(db, filter);
  return query
    .select([
      'id',
      'occurred_at as occurredAt',
      'admin_user_id as adminUserId',
      'admin_user_name as adminUserName',
      'operation',
      'target_type as targetType',
      sql<string>`array_to_string(target_ids, ' ')`.as('targetIds'),
      sql<string>`summary::text`.as('summary'),
      'request_id as requestId',
      'ip',
      'hash',
    ])
    .orderBy(SORT_COLUMNS[sort.target], sort.orderBy)
    .orderBy('id', sort.orderBy);
}
