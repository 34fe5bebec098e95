import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminQuery,
  databaseUrl,
  runServer,
  businessToday,
  SEEDED_DATA_DIR,
  SEEDED_DAY,
  SEEDED_SECRETS_KEY,
  SEEDED_TEMPLATE,
} from './server';

/**
 * Loads the demo population once per run instead of once per test file: the real server
 * starts once on an empty database, migrates and seeds it (as `npm start` does) and stops;
 * every file's `startServer` then starts on a copy of it. PostgreSQL: a template database that
 * CREATE DATABASE … TEMPLATE copies. PGlite: a data folder that is copied. Both are handed to
 * the test files through the environment, which they inherit.
 */
export async function setup(): Promise<() => Promise<void>> {
  // The servers run the API's bundle: built here when a source is newer than it.
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/api-build.mjs')).buildApiIfNeeded()"],
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' },
  );
  process.env[SEEDED_SECRETS_KEY] = randomBytes(32).toString('base64');
  process.env[SEEDED_DAY] = businessToday();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = `e2e_template_${Date.now()}_${process.pid}`;
    const drop = () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminQuery(baseUrl, `CREATE DATABASE ${template}`);
    const server = await runServer({ ...env, DATABASE_URL: databaseUrl(baseUrl, template) });
    await server.close();
    process.env[SEEDED_TEMPLATE] = template;
    return drop;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-seeded-'));
  const remove = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await runServer({ ...env, DATA_DIR: dataDir, DATABASE_URL: undefined });
  await server.close();
  process.env[SEEDED_DATA_DIR] = dataDir;
  return remove;
}
