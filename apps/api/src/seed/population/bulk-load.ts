import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { IDENTITY_TABLES, POPULATION_TABLE_NAMES } from './tables';

/** Whether any end user exists: the population is loaded only into an empty domain. */
export async function hasPopulation(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('end_users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Ids of existing admins, for assigning support inquiries. */
export async function listAdminIds(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('admin_users').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
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
