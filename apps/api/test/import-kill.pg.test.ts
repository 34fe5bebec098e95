import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import type { Database } from '../src/db/database';
import { seedDemoAdmins } from '../src/seed/demo-admins';
import { createTestDatabase } from './test-database';

/**
 * Issue 24, "Starting and failing": a replica killed (SIGKILL) while it applies an import
 * leaves nothing behind, and the same file then applies whole on another replica. The real
 * server (src/main.ts) runs as a child process on the test's PostgreSQL database. The first is
 * killed once its upload reports the applying phase; the second applies the file, and the
 * file's identity (its rows) then refuses the same rows with other line ends.
 * PostgreSQL only (`*.pg.test.ts`, vitest.config.ts): embedded PGlite is one process's
 * database, with no replicas, and it runs on the server's own thread, so a server applying an
 * import answers no progress request to be killed at.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
// Enough rows that the apply lasts seconds (polled every 25 ms), few enough for CI's budget.
const ROWS = 80_000;

let database: (Database & { url?: string }) | null = null;
let dataDir: string;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const secretsKey = randomBytes(32).toString('base64');

/** Starts src/main.ts and resolves once /readyz answers 200. */
async function startReplica(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SECRETS_KEY: secretsKey,
    DATA_DIR: dataDir,
  };
  if (database?.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`replica exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child };
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'writer@example.com', password: 'DemoPass123' }),
  });
  const body = (await response.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

async function gql<T>(base: string, token: string, query: string): Promise<T> {
  const response = await fetch(`${base}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: token },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

function upload(
  base: string,
  token: string,
  content: string,
  progressKey: string,
  background = false,
): Promise<{
  data?: { postAddUserPaymentsByCSV: { countPayments: number; runId: string | null } };
  errors?: Array<{ extensions: Record<string, unknown> }>;
}> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query:
        'mutation ($file: Upload!, $key: String, $bg: Boolean) { postAddUserPaymentsByCSV(file: $file, dryRun: false, progressKey: $key, background: $bg) { countPayments runId } }',
      variables: { file: null, key: progressKey, bg: background },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([content], { type: 'text/csv' }), 'kill.csv');
  return fetch(`${base}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: token },
    body: form,
  }).then((r) => r.json() as never);
}

/** What the database holds for the file's user and kind, read through a replica. */
async function state(base: string, token: string, userId: number) {
  const data = await gql<{
    userPayments: { pagination: { totalRecords: number } };
    csvImports: { pagination: { totalRecords: number } };
  }>(
    base,
    token,
    `{ userPayments(input: { userId: ${userId} }) { pagination { totalRecords } }
       csvImports(kinds: ["payments"]) { pagination { totalRecords } } }`,
  );
  return {
    payments: Number(data.userPayments.pagination.totalRecords),
    imports: Number(data.csvImports.pagination.totalRecords),
  };
}

/** The test's file: ROWS payments of the user and plan, amounts shifted by `offset`. */
function fileRows(userId: number, planId: number, offset: number): string {
  const lines = ['userId,planId,paidUsd,assetETH,assetHEC,confirmedAt'];
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `${userId},${planId},${(i % 1000) + 1 + offset},0,${i % 89}.5,${new Date(start + i * 1000).toISOString()}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-kill-'));
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase();
    await seedDemoAdmins(database.db);
    await database.db
      .insertInto('end_users')
      .values({
        user_name: 'kill_user',
        invite_code: 'KILLUSER',
        email: 'kill@example.com',
        aube_user_id_hash: 'killhash',
        first_name: 'Kill',
        last_name: 'User',
      })
      .execute();
    await database.db
      .insertInto('plans')
      .values({ name: 'Kill plan', price_usd: '100', coin_type: 'HEC' })
      .execute();
  }
}, 180_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // Dropping the database waits for a checkpoint: minutes on a busy machine.
}, 600_000);

describe('a replica killed while it applies an import', () => {
  // Two real server processes and a 200,000-row file on a shared machine: minutes, not seconds
  // (a limit for a hung run, not a timing assertion).
  it(
    'leaves nothing behind, and the same file then applies whole on another replica',
    { timeout: 15 * 60_000 },
    async () => {
      const first = await startReplica();
      const token = await login(first.base);
      // The user and the plan made in beforeAll.
      const found = await gql<{
        plans: Array<{ id: number }>;
        users: { list: Array<{ id: number }> };
      }>(first.base, token, '{ plans { id } users(pagination: { limit: 1 }) { list { id } } }');
      const planId = found.plans[0]!.id;
      const userId = found.users.list[0]!.id;
      const before = await state(first.base, token, userId);
      expect(before.imports).toBe(0);

      const content = fileRows(userId, planId, 0);

      // The upload runs; once the replica reports the applying phase, it is killed.
      const key = `kill-${randomBytes(6).toString('hex')}`;
      const killed = upload(first.base, token, content, key).catch(() => 'connection lost');
      const due = (p: { phase: string; rowsRead: number } | null) => p?.phase === 'applying';
      for (;;) {
        const progress = await gql<{
          csvImportProgress: { phase: string; rowsRead: number } | null;
        }>(first.base, token, `{ csvImportProgress(key: "${key}") { phase rowsRead } }`);
        const p = progress.csvImportProgress;
        expect(['parsing', 'checking', 'applying', undefined]).toContain(p?.phase);
        if (due(p)) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      first.child.kill('SIGKILL');
      expect(await killed).toBe('connection lost');
      // Killed by a signal, a child's exitCode stays null (its signalCode says SIGKILL): when
      // its 'exit' came before this line, waiting for another one hung the test for good.
      const gone = () => first.child.exitCode !== null || first.child.signalCode !== null;
      await new Promise<void>((resolve) =>
        gone() ? resolve() : first.child.once('exit', () => resolve()),
      );

      // Another replica: nothing of the killed apply is there, and the file applies whole.
      const second = await startReplica();
      const token2 = await login(second.base);
      expect(await state(second.base, token2, userId)).toEqual(before);
      const applied = await upload(second.base, token2, content, `again-${key}`);
      expect(applied.errors).toBeUndefined();
      expect(applied.data!.postAddUserPaymentsByCSV.countPayments).toBe(ROWS);
      expect(await state(second.base, token2, userId)).toEqual({
        payments: before.payments + ROWS,
        imports: 1,
      });
      // The same rows with other line ends are the same file: refused as already imported.
      const again = await upload(second.base, token2, content.replace(/\r\n/g, '\n'), `lf-${key}`);
      expect(again.errors?.[0]?.extensions).toMatchObject({
        code: 'CONFLICT',
        reason: 'ALREADY_IMPORTED',
      });
      second.child.kill('SIGTERM');
    },
  );
});

describe('a replica killed while its job applies a background upload', () => {
  // Issue 36: the upload answered at once; the replica running its job is killed in the
  // apply; another replica notices the run's heartbeat stopped, runs the job again from the
  // stored file, and the file is applied exactly once.
  it(
    'leaves nothing of the killed apply, and another replica runs the job to one apply',
    { timeout: 15 * 60_000 },
    async () => {
      const first = await startReplica();
      const token = await login(first.base);
      const found = await gql<{
        plans: Array<{ id: number }>;
        users: { list: Array<{ id: number }> };
      }>(first.base, token, '{ plans { id } users(pagination: { limit: 1 }) { list { id } } }');
      const planId = found.plans[0]!.id;
      const userId = found.users.list[0]!.id;
      const before = await state(first.base, token, userId);
      // Other amounts than the first test's file: another file.
      const content = fileRows(userId, planId, 5000);

      const key = `bg-kill-${randomBytes(6).toString('hex')}`;
      const answered = await upload(first.base, token, content, key, true);
      expect(answered.errors).toBeUndefined();
      const runId = answered.data!.postAddUserPaymentsByCSV.runId!;
      expect(runId).toMatch(/^[1-9][0-9]*$/);
      for (;;) {
        const progress = await gql<{ csvImportProgress: { phase: string } | null }>(
          first.base,
          token,
          `{ csvImportProgress(key: "${key}") { phase } }`,
        );
        expect(['queued', 'parsing', 'checking', 'applying']).toContain(
          progress.csvImportProgress?.phase,
        );
        if (progress.csvImportProgress?.phase === 'applying') break;
        await new Promise((r) => setTimeout(r, 25));
      }
      first.child.kill('SIGKILL');
      const gone = () => first.child.exitCode !== null || first.child.signalCode !== null;
      await new Promise<void>((resolve) =>
        gone() ? resolve() : first.child.once('exit', () => resolve()),
      );

      const second = await startReplica();
      const token2 = await login(second.base);
      // Nothing of the killed apply is there.
      expect(await state(second.base, token2, userId)).toEqual(before);
      // The second replica's sweep finds the run's heartbeat stopped and runs its job.
      let run: {
        outcome: string | null;
        report: { imported: { appliedCount: number } | null } | null;
      };
      for (;;) {
        run = (
          await gql<{ csvImportRun: typeof run }>(
            second.base,
            token2,
            `{ csvImportRun(id: "${runId}") { outcome report { imported { appliedCount } } } }`,
          )
        ).csvImportRun;
        if (run.outcome !== null) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(run.outcome).toBe('applied');
      expect(run.report!.imported!.appliedCount).toBe(ROWS);
      expect(await state(second.base, token2, userId)).toEqual({
        payments: before.payments + ROWS,
        imports: before.imports + 1,
      });
      second.child.kill('SIGTERM');
    },
  );
});
