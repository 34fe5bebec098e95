/**
 * What the HTTP benchmarks share to talk to a server: a signed-in admin's token for the
 * benchmark database, and one timed GraphQL POST over a keep-alive connection. One copy, so
 * the lists, the matrix and the mixed load sign in and ask the same way.
 */
import http from 'node:http';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH, type WithdrawalKind } from '@app/shared';
import type { DB } from '../apps/api/src/db/schema';
import { generateAccessToken, hashAccessToken } from '../apps/api/src/modules/auth/access-token';
import { seedDemoAdmins } from '../apps/api/src/seed/demo-admins';

/** An access token of the first super admin of `db` (demo admins added if none), valid `ttlMs`. */
export async function adminToken(db: Kysely<DB>, ttlMs: number): Promise<string> {
  await seedDemoAdmins(db);
  const admin = await db
    .selectFrom('admin_users')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const token = generateAccessToken();
  await db
    .insertInto('admin_access_tokens')
    .values({
      token_hash: hashAccessToken(token),
      admin_user_id: admin.id,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}

/** A super admin's access token for the database at `url`, valid for three hours. */
export async function tokenFor(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await adminToken(db, 3 * 3600_000);
  } finally {
    await db.destroy();
  }
}

/** The page size of the list benches, and the pages they ask: the first and the 50th. */
export const PAGE = 20;
export const PAGES = [
  { label: 'p1', offset: 0 },
  { label: 'p50', offset: 49 * PAGE },
] as const;

/**
 * A GraphQL POST to the bench server on `port` (the request options every load uses); no
 * agent: Node's global one.
 */
export function graphqlRequestOptions(
  port: number,
  agent: http.Agent | undefined,
  headers: http.OutgoingHttpHeaders,
): http.RequestOptions {
  return { host: '127.0.0.1', port, path: GRAPHQL_PATH, method: 'POST', agent, headers };
}

/**
 * Per withdrawal kind, the user name with the most requests of that kind (the search case of
 * the withdrawal lists), picked the same way in every bench and database.
 */
export async function withdrawersByKind(client: pg.Client): Promise<Map<WithdrawalKind, string>> {
  const { rows } = await client.query<{ kind: WithdrawalKind; user_name: string }>(
    `SELECT DISTINCT ON (w.kind) w.kind, u.user_name
       FROM (SELECT kind, end_user_id, count(*) AS n FROM withdrawal_requests
              GROUP BY kind, end_user_id) w
       JOIN end_users u ON u.id = w.end_user_id
      ORDER BY w.kind, w.n DESC, w.end_user_id`,
  );
  return new Map(rows.map((r) => [r.kind, r.user_name] as const));
}

/** One GraphQL request to the server on `port`, timed from its start to its last byte. */
export function postGraphql(
  port: number,
  agent: http.Agent,
  token: string,
  body: string,
): Promise<{ ms: number; status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      graphqlRequestOptions(port, agent, {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        [ACCESS_TOKEN_HEADER]: token,
        'content-length': Buffer.byteLength(body),
      }),
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
