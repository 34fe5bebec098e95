import { sql } from 'kysely';
import type { Database } from '../src/db/database';
import { generateAccessToken, hashAccessToken } from '../src/modules/auth/access-token';

/** Issues a token straight into the database (skipping Argon2), for tests that need many. */
export async function issueToken(database: Database, email: string): Promise<string> {
  const admin = await database.db
    .selectFrom('admin_users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = generateAccessToken();
  await database.db
    .insertInto('admin_access_tokens')
    .values({
      token_hash: hashAccessToken(token),
      admin_user_id: admin.id,
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute();
  return token;
}

/** A digest of every table except tokens and migrations: equal digests mean nothing changed. */
export async function databaseFingerprint(
  database: Database,
  /** Tables left out as well, e.g. the audit trail where security events are expected. */
  exclude: readonly string[] = [],
): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('admin_access_tokens', 'schema_migrations')
    ORDER BY table_name`.execute(database.db);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    if (exclude.includes(table_name)) continue;
    const row = await sql<{ digest: string | null }>`
      SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
      FROM ${sql.table(table_name)} t`.execute(database.db);
    parts.push(`${table_name}:${row.rows[0]?.digest ?? ''}`);
  }
  return parts.join('\n');
}

/** Number of rows in the audit trail. */
export async function auditCount(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('audit_log')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
