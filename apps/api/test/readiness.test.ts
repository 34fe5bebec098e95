import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrator';
import { registerHealthRoute } from '../src/modules/health/health-route';
import { startTestApp, type TestApp } from './test-app';

/**
 * Issue 36 part 4: `GET /readyz` answers 200 only when the database answers and every
 * migration the server knows is applied; `/healthz` stays the liveness check. The replica
 * waiting for the migration lock is in readiness.pg.test.ts (the real server process).
 */
let t: TestApp;
let newerDir: string;

beforeAll(async () => {
  t = await startTestApp();
  // The same migrations and one more: a server of the next version on this database.
  newerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readyz-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR)) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(newerDir, file));
  }
  fs.writeFileSync(
    path.join(newerDir, '9999_readiness_probe.sql'),
    'CREATE TABLE readiness_probe (id integer);',
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(newerDir, { recursive: true, force: true });
});

describe('GET /readyz', () => {
  it('answers 200 on a migrated database, beside /healthz', async () => {
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', database: t.database.engine });
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });

  it('answers 503 while a migration it knows is not applied, and 200 once it is', async () => {
    const app = Fastify({ logger: false });
    registerHealthRoute(app, t.database, { migrationsDir: newerDir });
    try {
      const before = await app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'migrating' });
      // Live all the while: the database answers.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(await migrate(t.database.db, newerDir)).toEqual(['9999']);
      const after = await app.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const app = Fastify({ logger: false });
    // A PostgreSQL server that is down: nothing listens on its port.
    const down = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/down' });
    registerHealthRoute(app, down);
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await down.close();
    }
  });
});
