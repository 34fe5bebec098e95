import fs from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/env';
import { PgliteSingleConnectionPool } from './pglite-pool';
import { registerDirectQuery } from './direct-query';
import { namingPool, queryRows } from './prepared-statements';
import type { DB } from './schema';

export type DatabaseEngine = 'pglite' | 'postgres';

/** The connection pool at this moment (the metrics' pool gauges). */
export type PoolStats = {
  /** Most connections the pool opens (PGlite: its one session). */
  max: number;
  /** Open connections: in use plus idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
};

/** The data layer handed to services: a typed Kysely instance over either engine. */
export type Database = {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  close: () => Promise<void>;
  /** How many connections are open, idle and awaited, read from the pool without a query. */
  poolStats: () => PoolStats;
  /**
   * Where to report a pooled connection the server ended while it sat idle (a restart, a
   * failover, pg_terminate_backend). The pool drops it and opens a new one on demand; until
   * a listener is set, the report goes to stderr.
   */
  onLostConnection: (listener: (error: Error) => void) => void;
  /**
   * PostgreSQL only: the pool itself, for the one client that needs a raw connection (an
   * export's `COPY … TO STDOUT`, platform/exports/export-copy.ts).
   */
  pool?: pg.Pool;
  /** PGlite only: an image of the whole data directory, for `loadDataDir` (test snapshots). */
  dumpDataDir?: () => Promise<Blob>;
};

// Amounts and 64-bit counts must never pass through a JavaScript number, so both engines
// return NUMERIC and INT8 as strings (pg does this by default; PGlite is told to).
const pgliteParsers = {
  [types.NUMERIC]: (value: string) => value,
  [types.INT8]: (value: string) => value,
};

/**
 * Settings of every PostgreSQL session of the API. temp_buffers: a CSV import stages its rows
 * in a temporary table (platform/imports), ~100 MiB for a million rows; with the default 8 MiB
 * of session-local buffers it is written to disk and read back by every check, which made
 * the staging several times slower than the parse. The buffers are allocated only as a session
 * uses temporary tables, and the setting cannot change once it has, hence per session.
 */
export const SESSION_OPTIONS = '-c temp_buffers=128MB';

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * Longest a statement may run on PostgreSQL (ms; 0 or unset: no limit), so one heavy
   * request cannot hold a connection for ever. PGlite has no such limit: it runs in-process,
   * one statement at a time, and cannot interrupt one (docs/architecture.md, "Limits").
   */
  statementTimeoutMs?: number;
  /** PGlite only: start from this data directory image (`dumpDataDir`) instead of empty. */
  loadDataDir?: Blob | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: 'admin-console',
      options: SESSION_OPTIONS,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // Without a listener, pg's Pool re-throws an idle connection's error as an uncaught
    // exception, which would end the whole process.
    let report = (error: Error) =>
      console.error(`database connection lost; the pool will open a new one: ${error.message}`);
    pool.on('error', (error) => report(error));
    // Declared hot statements go by name (db/prepared-statements.ts).
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
    registerDirectQuery(db, (text, values) => queryRows(pool, text, values));
    const max = options.poolSize ?? 10;
    return {
      db,
      engine: 'postgres',
      pool,
      poolStats: () => ({
        max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => db.destroy(),
      onLostConnection: (listener) => {
        report = listener;
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
    parsers: pgliteParsers,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new PgliteSingleConnectionPool(pglite);
  const db = new Kysely<DB>({
    // The pool speaks the subset of pg's Pool API that the dialect uses.
    dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }),
  });
  registerDirectQuery(db, async (text, values) => {
    const client = await pool.connect();
    try {
      return (await client.query(text, [...values])).rows ?? [];
    } finally {
      client.release();
    }
  });
  // One in-process connection: there is no server to lose it.
  return {
    db,
    engine: 'pglite',
    close: () => db.destroy(),
    poolStats: () => ({
      max: 1,
      total: 1,
      idle: pool.held ? 0 : 1,
      waiting: pool.waiting,
    }),
    onLostConnection: () => {},
    dumpDataDir: () => pglite.dumpDataDir('none'),
  };
}

/** Opens the database the configuration names. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
  });
}
