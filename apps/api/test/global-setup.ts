import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrator';
import { adminQuery } from './test-database';

/**
 * Migrates once per test run instead of once per test file: every migration on PGlite takes
 * about 10 s, on PostgreSQL about 1 s, and some 50 files each want a fresh database.
 * PGlite: the migrated data directory is dumped to a file that `createTestDatabase` loads.
 * PostgreSQL: a migrated template database that `createTestDatabase` copies.
 * Both are handed to the test workers through the environment, which they inherit.
 */
export async function setup(): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({});
    await migrate(database.db);
    const image = await database.dumpDataDir!();
    await database.close();
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'api-tests-')),
      'migrated-pglite.tar',
    );
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    process.env.TEST_PGLITE_IMAGE = file;
    return async () => {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    };
  }
  const template = `test_template_${Date.now()}_${process.pid}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${template}`);
  const url = new URL(baseUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await migrate(database.db);
  await database.close();
  process.env.TEST_PG_TEMPLATE = template;
  return async () => {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
