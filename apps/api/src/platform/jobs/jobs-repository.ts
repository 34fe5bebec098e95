import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** The SQL of the platform's job helpers. */

/** Whether a table (`schema.name`) exists. */
export async function tableExists(db: Executor, qualifiedName: string): Promise<boolean> {
  const { rows } = await sql<{ name: string | null }>`
    SELECT to_regclass(${qualifiedName})::text AS name`.execute(db);
  return Boolean(rows[0]?.name);
}
