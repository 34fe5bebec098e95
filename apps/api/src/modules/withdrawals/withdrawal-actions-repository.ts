import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { WithdrawalKind, WithdrawalStatus } from '../../db/tables/domain-tables';

/** What an action needs to decide about one request, read under its row lock. */
export type LockedRequest = {
  id: string;
  kind: WithdrawalKind;
  status: WithdrawalStatus;
  revision: number;
  updatedAt: Date;
  coinType: string;
  amount: string;
  /** Approvals this request needs now (migration 0070's withdrawal_required_approvals). */
  requiredApprovals: number;
  approvalCount: number;
};

/** The state of the requests, as an action decides on it (see LockedRequest). */
function requestState(ids: readonly string[]) {
  return sql`
    SELECT w.id::text AS id, w.kind, w.status, w.revision, w.updated_at AS "updatedAt",
           w.coin_type AS "coinType", w.amount::text AS amount,
           withdrawal_required_approvals(w.coin_type, w.amount,
             CASE WHEN w.kind = 'payment_paid_value' THEN w.eth_principal + w.eth_reward END)::int
             AS "requiredApprovals",
           (SELECT count(*) FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)::int
             AS "approvalCount"
      FROM withdrawal_requests w
     WHERE w.id = ANY(${ids.map(String)}::bigint[])
     ORDER BY w.id`;
}

/**
 * Locks the requests (in id order, so two calls over overlapping sets cannot deadlock) and
 * reads their state. A concurrent action on the same request waits here and then reads the
 * committed result, so only one of them changes it.
 */
export async function lockRequests(db: Executor, ids: readonly string[]): Promise<LockedRequest[]> {
  if (ids.length === 0) return [];
  const result = await sql<LockedRequest>`${requestState(ids)} FOR UPDATE OF w`.execute(db);
  return result.rows;
}

/**
 * Reads the state of requests this transaction has already locked (the "all matching" path
 * locks them with the filter, lockMatchingIds), without locking them a second time.
 */
export async function readLockedRequests(
  db: Executor,
  ids: readonly string[],
): Promise<LockedRequest[]> {
  if (ids.length === 0) return [];
  const result = await sql<LockedRequest>`${requestState(ids)}`.execute(db);
  return result.rows;
}

export async function insertApproval(
  db: Executor,
  values: { requestId: string; adminUserId: number; adminUserName: string; revision: number },
): Promise<void> {
  await db
    .insertInto('withdrawal_approvals')
    .values({
      withdrawal_request_id: values.requestId,
      admin_user_id: values.adminUserId,
      admin_user_name: values.adminUserName,
      revision: values.revision,
    })
    .execute();
}

type ChangedRequest = { id: string; status: WithdrawalStatus; revision: number };

/**
 * Records a first approval of a request that needs two: touches the row, so it gets a new
 * revision, and the trigger counts its approvals (migration 0132: the trigger is
 * approval_count's one writer).
 */
export async function touchApproved(db: Executor, id: string): Promise<ChangedRequest> {
  return db
    .updateTable('withdrawal_requests')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(['id', 'status', 'revision'])
    .executeTakeFirstOrThrow();
}

/** Moves one request on; the trigger checks the transition and stamps its time. */
export async function setStatus(
  db: Executor,
  id: string,
  status: WithdrawalStatus,
  extra: {
    rejectCode?: string;
    rejectReason?: string;
    failureReason?: string;
  } = {},
): Promise<ChangedRequest> {
  return db
    .updateTable('withdrawal_requests')
    .set({
      status,
      ...(extra.rejectCode !== undefined ? { reject_code: extra.rejectCode } : {}),
      ...(extra.rejectReason !== undefined ? { reject_reason: extra.rejectReason } : {}),
      ...(extra.failureReason !== undefined ? { failure_reason: extra.failureReason } : {}),
    })
    .where('id', '=', id)
    .returning(['id', 'status', 'revision'])
    .executeTakeFirstOrThrow();
}

/** Who approved a request, in order. */
export async function approvalsOf(
  db: Executor,
  ids: readonly string[],
): Promise<
  Array<{ requestId: string; adminUserId: number | null; adminUserName: string; approvedAt: Date }>
> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('withdrawal_approvals')
    .select([
      sql<string>`withdrawal_request_id::text`.as('requestId'),
      'admin_user_id as adminUserId',
      'admin_user_name as adminUserName',
      'approved_at as approvedAt',
    ])
    .where('withdrawal_request_id', 'in', ids)
    .orderBy('id')
    .execute();
}

/**
 * The requests not yet exported (requested or approved) that this admin approved, locked in id
 * order: their approvals are about to be voided (withdrawal-approval-voiding.ts).
 */
export async function lockOpenRequestsApprovedBy(
  db: Executor,
  adminUserId: number,
): Promise<string[]> {
  const result = await sql<{ id: string }>`
    SELECT w.id::text AS id
      FROM withdrawal_requests w
     WHERE w.status IN ('requested', 'approved')
       AND EXISTS (SELECT 1 FROM withdrawal_approvals a
                    WHERE a.withdrawal_request_id = w.id AND a.admin_user_id = ${adminUserId})
     ORDER BY w.id
       FOR UPDATE OF w`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Deletes this admin's approvals of the given requests. */
export async function deleteApprovalsOf(
  db: Executor,
  adminUserId: number,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('withdrawal_approvals')
    .where('admin_user_id', '=', adminUserId)
    .where('withdrawal_request_id', 'in', ids)
    .execute();
}
