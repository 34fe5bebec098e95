import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { decidedColumns, type DecidingAdmin } from '../../db/second-admin-decision';

/** The coins with a two-person approval threshold (migration 0070's CHECK). */
export type ThresholdCoin = 'HEC' | 'ETH' | 'ATEM';

type ThresholdRow = { coinType: string; secondApprovalAbove: string };

/** A proposed raise of a coin's threshold (migration 0121). */
export type ThresholdChangeRow = {
  id: string;
  coinType: ThresholdCoin;
  fromValue: string;
  toValue: string;
  status: 'pending' | 'confirmed' | 'withdrawn' | 'superseded';
  proposedByAdminUserId: number | null;
  proposedByAdminUserName: string;
  proposedAt: Date;
  decidedByAdminUserId: number | null;
  decidedByAdminUserName: string | null;
  decidedAt: Date | null;
};

const THRESHOLD_COLUMNS = [
  'coin_type as coinType',
  sql<string>`second_approval_above::text`.as('secondApprovalAbove'),
] as const;

/** The approval thresholds per coin (docs/domain.md, "Withdrawal approval"). */
export async function approvalThresholds(db: Executor): Promise<ThresholdRow[]> {
  return db
    .selectFrom('withdrawal_approval_thresholds')
    .select(THRESHOLD_COLUMNS)
    .orderBy('coin_type')
    .execute();
}

/** One coin's threshold, locked for a change (undefined: no such coin). */
export async function lockApprovalThreshold(
  db: Executor,
  coinType: ThresholdCoin,
): Promise<ThresholdRow | undefined> {
  return db
    .selectFrom('withdrawal_approval_thresholds')
    .select(THRESHOLD_COLUMNS)
    .where('coin_type', '=', coinType)
    .forUpdate()
    .executeTakeFirst();
}

export async function setApprovalThreshold(
  db: Executor,
  coinType: ThresholdCoin,
  secondApprovalAbove: string,
): Promise<ThresholdRow> {
  return db
    .updateTable('withdrawal_approval_thresholds')
    .set({ second_approval_above: secondApprovalAbove })
    .where('coin_type', '=', coinType)
    .returning(THRESHOLD_COLUMNS)
    .executeTakeFirstOrThrow();
}

const CHANGE_COLUMNS = [
  sql<string>`id::text`.as('id'),
  'coin_type as coinType',
  sql<string>`from_value::text`.as('fromValue'),
  sql<string>`to_value::text`.as('toValue'),
  'status',
  'proposed_by_admin_user_id as proposedByAdminUserId',
  'proposed_by_admin_user_name as proposedByAdminUserName',
  'proposed_at as proposedAt',
  'decided_by_admin_user_id as decidedByAdminUserId',
  'decided_by_admin_user_name as decidedByAdminUserName',
  'decided_at as decidedAt',
] as const;

/** The threshold changes, read as ThresholdChangeRow. */
function changes(db: Executor) {
  return db.selectFrom('withdrawal_threshold_changes').select(CHANGE_COLUMNS);
}

/** The pending raises, one per coin at most (the partial unique index of 0121). */
export async function pendingChanges(db: Executor): Promise<ThresholdChangeRow[]> {
  return changes(db).where('status', '=', 'pending').orderBy('coin_type').execute();
}

/** The pending raise of one coin, if any (read under the coin's threshold lock). */
export async function pendingChangeOf(
  db: Executor,
  coinType: ThresholdCoin,
): Promise<ThresholdChangeRow | undefined> {
  return changes(db)
    .where('coin_type', '=', coinType)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** One proposal by id (undefined: none). */
export async function findChange(
  db: Executor,
  id: string,
): Promise<ThresholdChangeRow | undefined> {
  return changes(db).where('id', '=', id).executeTakeFirst();
}

export async function insertChange(
  db: Executor,
  values: {
    coinType: ThresholdCoin;
    fromValue: string;
    toValue: string;
    adminUserId: number;
    adminUserName: string;
  },
): Promise<ThresholdChangeRow> {
  return db
    .insertInto('withdrawal_threshold_changes')
    .values({
      coin_type: values.coinType,
      from_value: values.fromValue,
      to_value: values.toValue,
      proposed_by_admin_user_id: values.adminUserId,
      proposed_by_admin_user_name: values.adminUserName,
    })
    .returning(CHANGE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Closes a pending proposal: confirmed or withdrawn by `admin`, or superseded (by a lowering,
 * whose own audit row names its admin). Answers the closed row, or undefined when it was no
 * longer pending.
 */
export async function closeChange(
  db: Executor,
  id: string,
  status: 'confirmed' | 'withdrawn' | 'superseded',
  admin: DecidingAdmin,
): Promise<ThresholdChangeRow | undefined> {
  return db
    .updateTable('withdrawal_threshold_changes')
    .set(decidedColumns(status, admin))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(CHANGE_COLUMNS)
    .executeTakeFirst();
}
