import { CompiledQuery, type Compilable } from 'kysely';
import { directQueryOf } from './direct-query';
import type { Executor } from './executor';
import { prepareStatement } from './prepared-statements';

// A private-use prefix no real filter value starts with; it marks a parameter slot.
const MARK = '\u{F8FF}param:';

/** Returns the placeholder for a named parameter while a query is being built. */
type Param = (name: string) => string;

/**
 * Builds and compiles a query once per shape (`key`: which filters are present, the sort,
 * the length of IN lists) and afterwards only substitutes the parameter values. Why: on hot
 * list calls, building a Kysely query of 25 aliased columns and compiling it cost more CPU
 * than PostgreSQL spent answering it. Values never reach the SQL text: Kysely turns every
 * value into a `$n` parameter, so a placeholder only ever appears in the parameter array.
 */
export function createCompiledQueryCache(maxEntries = 200) {
  const cache = new Map<string, CompiledQuery<unknown>>();

  return async function run<R>(
    db: Executor,
    key: string,
    values: Readonly<Record<string, unknown>>,
    build: (param: Param) => Compilable<R>,
    /**
     * `prepare`: send it as a named prepared statement on PostgreSQL (db/prepared-statements.ts).
     * Only for a shape whose plan does not depend on the values (no LIKE, no ranges): after five
     * calls PostgreSQL may keep one generic plan for it.
     */
    options: { prepare?: boolean } = {},
  ): Promise<R[]> {
    let compiled = cache.get(key) as CompiledQuery<R> | undefined;
    if (!compiled) {
      compiled = build((name) => `${MARK}${name}`).compile();
      if (options.prepare) prepareStatement(compiled.sql);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, compiled);
    }
    const parameters = compiled.parameters.map((p) => {
      if (typeof p !== 'string' || !p.startsWith(MARK)) return p;
      const name = p.slice(MARK.length);
      if (!(name in values))
        throw new Error(`compiled query ${key}: no value for parameter ${name}`);
      return values[name];
    });
    // The database's own instance sends the statement itself (db/direct-query.ts): the same
    // text and values as Kysely would send, on a connection of the same pool.
    const direct = directQueryOf(db);
    if (direct) return (await direct(compiled.sql, parameters)) as R[];
    const result = await db.executeQuery<R>(
      CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>,
    );
    return result.rows;
  };
}
