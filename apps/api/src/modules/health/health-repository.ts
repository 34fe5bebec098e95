import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** One round trip to the database: throws when it does not answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
