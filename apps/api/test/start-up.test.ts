import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { DEMO_USERS } from '../src/seed/population/demo-population';
import { prepareDatabase } from '../src/start-up';
import { adminQuery } from './test-database';

/**
 * Issue 24, "Starting and failing": migrations and the demo seed run under one lock, and the
 * seed is idempotent, so replicas started at the same moment on an empty database all come up
 * and the data is loaded once.
 */

const apiRoot = path.resolve(import.meta.dirname, '..');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 120_000);

/** A new, empty database (no migrations): a PostgreSQL database beside DATABASE_URL, or PGlite. */
async function emptyDatabase(): Promise<Database & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    return database;
  }
  const name = `test_start_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
  cleanups.push(async () => {
    await database.close();
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return { ...database, url: url.toString() };
}

/** Row counts of the tables the demo seed fills: any duplicate seeding changes one. */
async function seededCounts(db: Kysely<DB>) {
  const { rows } = await sql<Record<string, string>>`
    SELECT (SELECT count(*) FROM admin_users) AS admins,
           (SELECT count(*) FROM plans) AS plans,
           (SELECT count(*) FROM end_users) AS users,
           (SELECT count(*) FROM payments) AS payments,
           (SELECT count(*) FROM schema_migrations) AS migrations`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

describe('preparing the database at start-up (either engine)', () => {
  it('migrates and seeds an empty database once; a second start changes nothing', async () => {
    const database = await emptyDatabase();
    const first = await prepareDatabase(database.db, { demoSeed: true });
    expect(first.applied.length).toBeGreaterThan(0);
    expect(first).toMatchObject({ seededAdmins: true, seededPopulation: true });
    const counts = await seededCounts(database.db);
    expect(counts).toMatchObject({ admins: 3, users: DEMO_USERS });
    expect(counts.plans).toBeGreaterThan(0);

    const second = await prepareDatabase(database.db, { demoSeed: true });
    expect(second).toEqual({ applied: [], seededAdmins: false, seededPopulation: false });
    expect(await seededCounts(database.db)).toEqual(counts);
  }, 180_000);
});

type Replica = { output: () => string; port: Promise<number>; stop: () => Promise<void> };

/** The real server (`apps/api/src/main.ts`) as its own process on `databaseUrl`, demo seed on. */
function startReplica(databaseUrl: string, dataDir: string, secretsKey: string): Replica {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DEMO_SEED: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SECRETS_KEY: secretsKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const ready = /Admin console ready: http:\/\/localhost:(\d+)/.exec(log);
      if (ready) resolve(Number(ready[1]));
    });
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`replica exited with ${code}:\n${log}`)));
  });
  // Awaited by the test; an early exit must not be an unhandled rejection meanwhile.
  port.catch(() => undefined);
  return {
    output: () => log,
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.env.DATABASE_URL) {
  describe('two replicas started at the same moment (PostgreSQL)', () => {
    it('both come up healthy on an empty database with DEMO_SEED=1, and the data is seeded once', async () => {
      const database = await emptyDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-up-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const key = randomBytes(32).toString('base64');
      const replicas = [
        startReplica(database.url!, dataDir, key),
        startReplica(database.url!, dataDir, key),
      ];
      try {
        const ports = await Promise.all(replicas.map((r) => r.port));
        for (const port of ports) {
          const health = await fetch(`http://127.0.0.1:${port}/healthz`);
          expect(health.status).toBe(200);
        }
      } finally {
        await Promise.all(replicas.map((r) => r.stop()));
      }
      const counts = await seededCounts(database.db);
      expect(counts).toMatchObject({ admins: 3, users: DEMO_USERS });
      // One replica created the demo sign-ins, the other found them.
      const created = replicas.filter((r) => r.output().includes('(just created)'));
      expect(created).toHaveLength(1);
      // The same seed on a fresh single start loads the same rows: nothing was loaded twice.
      const single = await emptyDatabase();
      await prepareDatabase(single.db, { demoSeed: true });
      expect(counts).toEqual(await seededCounts(single.db));
    }, 300_000);
  });
}
