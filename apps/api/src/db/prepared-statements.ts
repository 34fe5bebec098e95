import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Named prepared statements on PostgreSQL for the hottest statements (the per-request token
 * lookup, the default users page and its count). Why: a statement sent as text is parsed and
 * planned on every call; a named one is parsed once per connection and, once PostgreSQL has
 * seen it a few times, planned once too, unless it has LIMIT/OFFSET parameters, which never
 * get a generic plan (the users page, modules/users/users-repository.ts). Kysely sends
 * `client.query(text, values)` and has no way to name a statement, so the pool hands Kysely
 * clients that look the text up here and send `{ name, text, values }` instead. PGlite
 * ignores this (its pool is not wrapped).
 *
 * Only statements whose best plan does not depend on their parameter values may be named: a
 * generic plan cannot use a LIKE prefix or a range's selectivity (db/compiled-query-cache.ts
 * names only the shapes its callers declare safe).
 */
const names = new Map<string, string>();

/** Upper bound on distinct named statements (each is kept on every pooled connection). */
const MAX_NAMED_STATEMENTS = 200;

/** Declares a statement text as prepared; it is sent by name from now on. */
export function prepareStatement(text: string): void {
  if (names.has(text) || names.size >= MAX_NAMED_STATEMENTS) return;
  // The name is derived from the text: pg refuses one name for two texts on a connection.
  names.set(text, `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`);
}

/**
 * Statements whose date and time values come back as PostgreSQL's text instead of `Date`
 * objects: the export cursor's FETCHes (platform/exports/export-cursor.ts). Parsing a
 * timestamp into a Date and printing it again took about a third of an export's time; the
 * CSV writer turns the text into the same ISO-8601 form (platform/exports, `cellText`).
 */
const datesAsText = new Set<string>();

const DATE_OIDS = new Set([1082, 1114, 1184]); // date, timestamp, timestamptz
const DATES_AS_TEXT = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    DATE_OIDS.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format ?? 'text'),
};

/** Sends `text` with date and time values left as text, until `forgetDatesAsText(text)`. */
export function sendDatesAsText(text: string): void {
  datesAsText.add(text);
}

export function forgetDatesAsText(text: string): void {
  datesAsText.delete(text);
}

/**
 * How a statement text is sent when it was declared above: by name, or with its dates as
 * text; undefined for any other (sent as it is).
 */
function declaredStatement(
  text: string,
  values: unknown[] | undefined,
): pg.QueryConfig | undefined {
  if (datesAsText.has(text)) return { text, values, types: DATES_AS_TEXT };
  const name = names.get(text);
  return name ? { name, text, values } : undefined;
}

/**
 * Runs one statement on a connection of `pool` and resolves with its rows, as Kysely would
 * through `namingPool` (declared statements by name; the connection released, not ended, after
 * an error), with pg's callbacks instead of a chain of promises (db/direct-query.ts).
 */
export function queryRows(
  pool: pg.Pool,
  text: string,
  values: readonly unknown[],
): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    pool.connect((connectError, client, release) => {
      if (connectError || !client) {
        reject(connectError ?? new Error('no connection'));
        return;
      }
      const done = (error: Error | null, result?: pg.QueryResult) => {
        release();
        if (error) reject(error);
        else resolve(result?.rows ?? []);
      };
      try {
        const config = declaredStatement(text, [...values]) ?? { text, values: [...values] };
        client.query(config, done);
      } catch (error) {
        done(error as Error);
      }
    });
  });
}

const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();

/**
 * A proxy whose methods are bound to `target` once, not on every read: Kysely reads `query`
 * and `release` on every statement, and a fresh bound function each time was garbage per query.
 */
function bindingProxy<T extends object>(target: T, own: Partial<Record<keyof T, unknown>>): T {
  const bound = new Map<PropertyKey, { of: unknown; fn: unknown }>();
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(own, property)) return own[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      // Keyed by the function read, so a method replaced on the target is bound afresh.
      const known = bound.get(property);
      if (known?.of === value) return known.fn;
      const fn = (value as () => unknown).bind(object);
      bound.set(property, { of: value, fn });
      return fn;
    },
  });
}

/**
 * The pooled client as Kysely should see it: the same client, except that a declared statement
 * goes by name. The wrapper is kept per client, so Kysely recognises a returning connection.
 */
function namingClient(client: pg.PoolClient): pg.PoolClient {
  let proxy = wrapped.get(client);
  if (!proxy) {
    const query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && callback === undefined) {
        const declared = declaredStatement(config, values as unknown[] | undefined);
        if (declared) return client.query(declared);
      }
      return (client.query as (...args: unknown[]) => unknown)(
        ...[config, values, callback].filter((a) => a !== undefined),
      );
    };
    proxy = bindingProxy(client, { query });
    wrapped.set(client, proxy);
  }
  return proxy;
}

/** A pg Pool for Kysely's PostgresDialect whose clients send declared statements by name. */
export function namingPool(pool: pg.Pool): pg.Pool {
  return bindingProxy(pool, { connect: async () => namingClient(await pool.connect()) });
}
