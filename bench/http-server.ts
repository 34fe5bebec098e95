/**
 * One server of the HTTP throughput comparison, started as a child process by bench/run.ts so
 * that the load generator never shares its event loop:
 *   node --import tsx bench/http-server.ts app    the real app (Fastify, POST /graphql-admin)
 *   node --import tsx bench/http-server.ts bare   a bare node:http handler running the same SQL
 * DATABASE_URL names the database; BENCH_SQL (JSON) gives the bare handler the users page's
 * queries as the app sends them. Prints the port on stdout, then serves until killed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase } from '../apps/api/src/db/database';

type Captured = { sql: string; parameters: unknown[] };
type BareRow = Record<string, unknown>;

const mode = process.argv[2];
const url = process.env.DATABASE_URL;
if (!url || (mode !== 'app' && mode !== 'bare')) {
  console.error('usage: DATABASE_URL=… node --import tsx bench/http-server.ts app|bare');
  process.exit(64);
}
const POOL_SIZE = 10;

async function startApp(): Promise<number> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  const database = await openDatabase({ databaseUrl: url, poolSize: POOL_SIZE });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function startBare(): Promise<number> {
  const {
    auth,
    page,
    count: countQuery,
  } = JSON.parse(process.env.BENCH_SQL ?? '{}') as Record<
    'auth' | 'page' | 'count',
    Captured | undefined
  >;
  if (!auth || !page || !countQuery)
    throw new Error('BENCH_SQL must hold the auth, page and count queries');
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    application_name: 'bench-bare',
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        try {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          // The same token lookup as the app (the captured statement: one token for the whole
          // run). Every statement is prepared once per connection (named), as a hand-written
          // server would: the fair baseline of issue 11.
          if (
            !req.headers['x-admin-access-token'] ||
            (await pool.query({ name: 'auth', text: auth.sql, values: auth.parameters }))
              .rowCount !== 1
          ) {
            res.writeHead(401, { 'content-type': 'application/json' });
            res.end('{"errors":[{"message":"Authorization error [no auth]"}]}');
            return;
          }
          const [rows, count] = await Promise.all([
            pool.query<BareRow>({ name: 'page', text: page.sql, values: page.parameters }),
            pool.query({ name: 'count', text: countQuery.sql, values: countQuery.parameters }),
          ]);
          const n = Number((count.rows[0] as { n: string }).n);
          // The answer in the shape the GraphQL query asks for (nested aubeUserInfo).
          const list = rows.rows.map((r) => ({
            id: r.id,
            userName: r.user_name,
            inviteCode: r.invite_code,
            cardStatus: r.card_status,
            totalHECStakedAmount: r.total_hec_staked_amount,
            totalETHStakedAmount: r.total_eth_staked_amount,
            totalBuyAmountUsd: r.total_buy_amount_usd,
            savingRewardsRate: r.saving_rewards_rate,
            referralRate: r.referral_rate,
            registeredAt: r.registered_at,
            totalSentAmount: r.total_sent_amount,
            totalOwl: r.total_owl,
            aubeUserInfo: {
              email: r.email,
              aubeUserIdHash: r.aube_user_id_hash,
              firstName: r.first_name,
              lastName: r.last_name,
              forceClubIdHash: r.force_club_id_hash,
            },
          }));
          const payload = JSON.stringify({
            data: { users: { list, pagination: { limit: 20, offset: 0, totalRecords: n } } },
          });
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(payload);
        } catch (error) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const port = mode === 'app' ? await startApp() : await startBare();
process.stdout.write(`${port}\n`);
// Exit cleanly on a signal, so `node --cpu-prof` can write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));

/**
 * BENCH_HEAP_SAMPLE=<dir>: V8's sampling heap profiler over the whole run, objects collected by
 * the young and the old generation's GC included, written as <dir>/<mode>.heapprofile when the
 * server is stopped. Bytes allocated per request do not move with the machine's load, unlike
 * requests per second, so they show what a change saves (docs/api.md, "Another machine, and
 * allocation").
 */
if (process.env.BENCH_HEAP_SAMPLE) {
  const dir = process.env.BENCH_HEAP_SAMPLE;
  const session = new inspector.Session();
  session.connect();
  const post = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (error, result) =>
        error ? reject(error) : resolve(result as T),
      ),
    );
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  process.removeAllListeners('SIGTERM');
  process.on('SIGTERM', () => {
    void post<{ profile: unknown }>('HeapProfiler.stopSampling').then(({ profile }) => {
      fs.writeFileSync(path.join(dir, `${mode}.heapprofile`), JSON.stringify(profile));
      process.exit(0);
    });
  });
}
