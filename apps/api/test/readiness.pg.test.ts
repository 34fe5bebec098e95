import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { createTestDatabase } from './test-database';

/**
 * Issue 36 part 4: a replica waiting for the migration lock (another replica migrating) is
 * live but not ready. The real server (src/main.ts) starts while the test holds the lock:
 * /healthz answers 200, /readyz and every other request 503; once the lock is released the
 * server prepares its database and /readyz answers 200. PostgreSQL only: the lock is a
 * PostgreSQL advisory lock another process holds.
 */
const apiDir = path.resolve(import.meta.dirname, '..');
/** The migration lock's id (db/migrator.ts). */
const MIGRATION_LOCK_ID = 727_001;

let database: (Database & { url?: string }) | null = null;

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

async function statusOf(url: string): Promise<number> {
  return fetch(url).then(
    (r) => r.status,
    () => 0,
  );
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.close();
}, 60_000);

describe('a replica waiting for the migration lock', () => {
  it('is live but not ready until it holds the lock and has migrated', async () => {
    const holder = new pg.Client({ connectionString: database!.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: database!.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        SECRETS_KEY: randomBytes(32).toString('base64'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await until(async () => (await statusOf(`${base}/healthz`)) === 200, '/healthz');
      // Waiting for the lock: live, not ready, serving nothing else.
      expect(await statusOf(`${base}/readyz`)).toBe(503);
      expect(await statusOf(`${base}/graphql-admin`)).toBe(503);
      const waiting = await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`,
        [MIGRATION_LOCK_ID],
      );
      expect(waiting.rows[0]!.n).toBe(1);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      await until(async () => (await statusOf(`${base}/readyz`)) === 200, '/readyz');
      expect(log).toContain('Admin console ready');
    } catch (error) {
      throw new Error(`${String(error)}\nserver output:\n${log}`);
    } finally {
      await holder.end();
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
