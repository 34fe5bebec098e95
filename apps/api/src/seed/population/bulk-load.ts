import { sql } from 'kysely';
import { businessClockZone } from '../../db/business-clock';
import type { Executor } from '../../db/executor';
import { IDENTITY_TABLES, POPULATION_TABLE_NAMES } from './tables';

/** Whether any end user exists: the population is loaded only into an empty domain. */
export async function hasPopulation(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('end_users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The zone the database counts its days in (business_clock, migration 0150), which the
 * generator's asset statistics must match; undefined before 0150 (which rebuilds them).
 */
export async function readBusinessTimeZone(db: Executor): Promise<string | undefined> {
  const exists = await sql<{ found: boolean }>`
    SELECT to_regclass('business_clock') IS NOT NULL AS found`.execute(db);
  return exists.rows[0]?.found ? businessClockZone(db) : undefined;
}

/** Ids of existing admins, for assigning support inquiries. */
export async function listAdminIds(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('admin_users').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * The approvals of the demo's approved requests (the generator writes them approved, without
 * the withdrawal_approvals rows an approval leaves): as many demo approvers as each request's
 * coin threshold requires, so the signing export's approval re-check passes for them as it
 * does for requests approved on the console. Each request is approved when its last approval
 * was given (approved_at, which the list and the signing file show), set first: the update
 * bumps its revision, which the approvals then name.
 */
export async function addDemoApprovals(db: Executor): Promise<void> {
  await sql`
    UPDATE withdrawal_requests w
       SET approved_at = w.requested_at + least(2, withdrawal_required_approvals(w.coin_type, w.amount,
             CASE WHEN w.kind = 'payment_paid_value' THEN w.eth_principal + w.eth_reward END)) * interval '1 hour'
     WHERE w.status = 'approved' AND w.approved_at IS NULL`.execute(db);
  await sql`
    INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_id, admin_user_name, approved_at, revision)
    SELECT w.id, NULL, 'demo-approver-' || n, w.requested_at + n * interval '1 hour', w.revision
      FROM withdrawal_requests w
     CROSS JOIN generate_series(1, 2) AS n
     WHERE w.status = 'approved'
       AND n <= withdrawal_required_approvals(w.coin_type, w.amount,
             CASE WHEN w.kind = 'payment_paid_value' THEN w.eth_principal + w.eth_reward END)`.execute(
    db,
  );
}

/**
 * Turns the user (non-constraint) triggers of the population tables off or on. Used inside
 * one transaction by loaders that write derived totals themselves; foreign keys stay on.
 */
export async function setPopulationTriggers(db: Executor, enabled: boolean): Promise<void> {
  for (const table of POPULATION_TABLE_NAMES) {
    await sql
      .raw(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER USER`)
      .execute(db);
  }
}

/** Moves every identity sequence past the ids a bulk load wrote explicitly. */
export async function resetIdentitySequences(db: Executor): Promise<void> {
  for (const table of IDENTITY_TABLES) {
    await sql
      .raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${table}`,
      )
      .execute(db);
  }
}
