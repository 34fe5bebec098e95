import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { apiRoot } from '../config/paths';
import type { DB } from './schema';

export const MIGRATIONS_DIR = path.join(apiRoot, 'migrations');

// An arbitrary constant shared by every replica so only one applies migrations at a time.
const MIGRATION_LOCK_ID = 727_001;

type MigrationFile = { version: string; name: string; file: string };

async function listMigrations(dir: string): Promise<MigrationFile[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return files.map((file) => {
    const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_');
    return { version, name: rest.join('_'), file: path.join(dir, file) };
  });
}

/**
 * Runs `work` on one connection while holding the migration lock: the session-level advisory
 * lock every replica takes before it changes the schema or seeds data, so concurrent starts
 * take turns (the second finds the work done). A replica may wait here for as long as the
 * first one migrates and seeds, so the server's statement timeout does not apply to the wait
 * or to the work (restored for the connection afterwards). On PGlite the one connection is
 * the one `work` gets: it must use `conn`, never the pool.
 */
export async function withMigrationLock<T>(
  db: Kysely<DB>,
  work: (conn: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SET statement_timeout = 0`.execute(conn);
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
      await sql`RESET statement_timeout`.execute(conn);
    }
  });
}

/**
 * Applies every migration not yet recorded, each in its own transaction, in file order.
 * Returns the versions it applied. Safe to call from several processes at once (the server's
 * start-up migrates and seeds under one lock instead: start-up.ts).
 */
export async function migrate(db: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<string[]> {
  return withMigrationLock(db, (conn) => migrateLocked(conn, dir));
}

/** `migrate` on a connection that holds the migration lock (withMigrationLock). */
export async function migrateLocked(conn: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await listMigrations(dir);
  await sql`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(conn);
  const done = new Set(
    (await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(conn)).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    const script = await fs.readFile(m.file, 'utf8');
    await conn.transaction().execute(async (trx) => {
      // A migration may rewrite a big table: the server's statement timeout is not for it.
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      await sql.raw(script).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`.execute(
        trx,
      );
    });
    applied.push(m.version);
  }
  return applied;
}

/**
 * Whether every migration in `dir` is recorded as applied (the readiness check, GET /readyz).
 * False while another replica migrates, or before the first one has made the table.
 */
export async function migrationsApplied(db: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<boolean> {
  const versions = (await listMigrations(dir)).map((m) => m.version);
  const { rows } = await sql<{ exists: string | null }>`
    SELECT to_regclass('schema_migrations')::text AS exists`.execute(db);
  if (!rows[0]?.exists) return false;
  const { rows: applied } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM schema_migrations WHERE version = ANY(${versions}::text[])`.execute(
    db,
  );
  return applied[0]?.n === versions.length;
}
