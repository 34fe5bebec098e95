import type { Kysely } from 'kysely';
import type { Executor } from './executor';
import type { DB } from './schema';

/** Runs one compiled statement on a pooled connection and resolves with its rows. */
type DirectQuery = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;

const direct = new WeakMap<Kysely<DB>, DirectQuery>();

/**
 * Declares how `db`'s statements can be sent without Kysely's executor (db/database.ts, for
 * the instance it opens). Why: the per-request statements (the token lookup, the users page
 * and its count) are compiled once (db/compiled-query-cache.ts), and what Kysely still did for
 * each of them (a connection provider, a driver, a connection wrapper, a result transform with
 * no plugins, each a promise) cost the server more CPU than pg itself.
 */
export function registerDirectQuery(db: Kysely<DB>, query: DirectQuery): void {
  direct.set(db, query);
}

/**
 * The direct way for this executor, or undefined: a transaction (its statements must use its
 * own connection) or any other instance (e.g. one with plugins, as the plan tests' recorder)
 * goes through Kysely.
 */
export function directQueryOf(db: Executor): DirectQuery | undefined {
  return db.isTransaction ? undefined : direct.get(db);
}
