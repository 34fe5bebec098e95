import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL for the hottest statements (the per-request token
 * lookup, the default users page and its count). Why: a statement sent as text is parsed and
 * planned on every call; a named one is parsed once per connection and, once PostgreSQL has
 * seen it a few times, planned once too. Kysely sends `client.query(text, values)` and has no
 * way to name a statement, so the pool hands Kysely clients that look the text up here and send
 * `{ name, text, values }` instead. PGlite ignores this (its pool is not wrapped).
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

/** The statement's name, when it was declared prepared. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}

const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();

/**
 * The pooled client as Kysely should see it: the same client, except that a declared statement
 * goes by name. The wrapper is kept per client, so Kysely recognises a returning connection.
 */
function namingClient(client: pg.PoolClient): pg.PoolClient {
  let proxy = wrapped.get(client);
  if (!proxy) {
    proxy = new Proxy(client, {
      get(target, property) {
        if (property === 'query') {
          return (config: unknown, values?: unknown, callback?: unknown) => {
            if (typeof config === 'string' && callback === undefined) {
              const name = names.get(config);
              if (name) return target.query({ name, text: config, values: values as unknown[] });
            }
            return (target.query as (...args: unknown[]) => unknown)(
              ...[config, values, callback].filter((a) => a !== undefined),
            );
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    wrapped.set(client, proxy);
  }
  return proxy;
}

/** A pg Pool for Kysely's PostgresDialect whose clients send declared statements by name. */
export function namingPool(pool: pg.Pool): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') {
        return async () => namingClient(await target.connect());
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
