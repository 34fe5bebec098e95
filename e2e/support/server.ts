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
 * PGlite folder. Resolves when /healthz answers. `extraEnv` adds settings (e.g. SMTP_URL).
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let cleanup = async () => {};
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (baseDatabaseUrl) {
    const name = `e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseDatabaseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.DEMO_SEED = '1';
    // Production on PostgreSQL requires the key that seals stored secrets.
    env.SECRETS_KEY = randomBytes(32).toString('base64');
    cleanup = async () => {
      const c = new pg.Client({ connectionString: baseDatabaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }

  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    output: () => log,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await cleanup();
    },
  };
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
