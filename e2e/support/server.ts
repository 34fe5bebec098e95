import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  businessDate,
  businessDayEnd,
  businessDayStart,
  DEFAULT_BUSINESS_TIME_ZONE,
  isoInTimeZone,
} from '@app/shared';

const root = path.resolve(import.meta.dirname, '../..');
/** The API as production runs it (scripts/api-build.mjs). */
const API_BUNDLE = path.join(root, 'apps/api/dist/main.js');

export type RunningServer = { baseUrl: string; close: () => Promise<void>; output: () => string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts the real server as a separate process, as `npm start` does, on a fresh database:
 * a new PostgreSQL database when DATABASE_URL is set (with DEMO_SEED=1), otherwise a new
 * PGlite folder. Resolves when /readyz answers. `extraEnv` adds settings (e.g. SMTP_URL).
 * The demo population is loaded once per test run (global-setup.ts): each server starts on a
 * copy of that seeded database (a template database, or a copy of the PGlite folder) and
 * finds its data there, as a restarted server does.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let cleanup = async () => {};
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (baseDatabaseUrl) {
    const name = `e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const template = seededToday() ? process.env[SEEDED_TEMPLATE] : undefined;
    await adminQuery(
      baseDatabaseUrl,
      `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`,
    );
    env.DATABASE_URL = databaseUrl(baseDatabaseUrl, name);
    cleanup = () => adminQuery(baseDatabaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
    const seeded = seededToday() ? process.env[SEEDED_DATA_DIR] : undefined;
    if (seeded) fs.cpSync(seeded, dataDir, { recursive: true });
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    return await runServer(env, cleanup);
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Where global-setup.ts leaves the seeded database: a template's name, a PGlite folder. */
export const SEEDED_TEMPLATE = 'E2E_SEEDED_TEMPLATE';
export const SEEDED_DATA_DIR = 'E2E_SEEDED_DATA_DIR';
/** The business day the seeded database was loaded on. */
export const SEEDED_DAY = 'E2E_SEEDED_DAY';

/** The business day it is now, by the zone the e2e servers run with. */
export function businessToday(): string {
  return businessDate(new Date(), businessZone());
}

/**
 * Whether the seeded copy is of today: the demo is dated relative to the moment it is loaded
 * ("today" holds its newest records), so after midnight a file seeds afresh instead.
 */
function seededToday(): boolean {
  return process.env[SEEDED_DAY] === businessToday();
}
/** The key sealing stored secrets, the same for the seeding server and every copy. */
export const SEEDED_SECRETS_KEY = 'E2E_SECRETS_KEY';

/** Runs one statement on the PostgreSQL server of `url` (CREATE/DROP DATABASE). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/**
 * Spawns the server with `env` (its database already chosen) on a free port and waits until
 * /readyz answers. `close` stops it and then runs `cleanup`.
 */
export async function runServer(
  env: NodeJS.ProcessEnv,
  cleanup: () => Promise<void> = async () => {},
): Promise<RunningServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (childEnv.DATABASE_URL) {
    childEnv.DEMO_SEED = '1';
    // Production on PostgreSQL requires the key that seals stored secrets.
    childEnv.SECRETS_KEY = process.env[SEEDED_SECRETS_KEY] ?? randomBytes(32).toString('base64');
  }
  let log = '';
  // The bundle production runs (apps/api/dist/main.js, built by global-setup.ts when its
  // sources are newer), not the sources through tsx, which compiled the API at every start.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', API_BUNDLE], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  const server: RunningServer = {
    baseUrl,
    output: () => log,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await cleanup();
    },
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/**
 * A calendar day's first and last instant in the business time zone the e2e server runs with
 * (its environment's, as the server inherits it): what the screens' date filters send for that
 * day (apps/web/src/lib/date-time.ts).
 */
export function businessDayBounds(day: string): { from: string; until: string } {
  const zone = businessZone();
  const from = businessDayStart(day, zone);
  const until = businessDayEnd(day, zone);
  if (!from || !until) throw new Error(`not a day: ${day}`);
  return { from: from.toISOString(), until: until.toISOString() };
}

/** The business day (YYYY-MM-DD) an instant falls on: the day a screen's date filter needs. */
export function businessDayOf(iso: string): string {
  return businessDate(new Date(iso), businessZone());
}

/**
 * A timestamp as the CSV files write it (issue 26, "One clock"): ISO 8601 with the business
 * zone's offset (`2026-10-16T19:22:19.254+09:00`); any other value unchanged.
 */
export function csvTimestamp(value: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)
    ? isoInTimeZone(new Date(value), businessZone())
    : value;
}

/** The server's business time zone (BUSINESS_TIME_ZONE, default Asia/Tokyo). */
export function businessZone(): string {
  return process.env.BUSINESS_TIME_ZONE || DEFAULT_BUSINESS_TIME_ZONE;
}
