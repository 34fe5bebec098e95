import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrator';

/**
 * A fresh, migrated database for one test file: a new in-memory PGlite, or, when
 * DATABASE_URL is set, a new PostgreSQL database created beside it and dropped afterwards.
 * `migrationsDir` migrates from another directory (e.g. only the migrations before one).
 * Full migrations start from the run's migrated image or template (test/global-setup.ts)
 * when there is one; `migrate` then finds nothing left to apply.
 */
export async function createTestDatabase(
  options: { migrationsDir?: string } = {},
): Promise<Database & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  const full = options.migrationsDir === undefined;
  if (!baseUrl) {
    const image = process.env.TEST_PGLITE_IMAGE;
    const database = await openDatabase({
      loadDataDir: full && image ? new Blob([fs.readFileSync(image)]) : undefined,
    });
    await migrate(database.db, options.migrationsDir);
    return database;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = process.env.TEST_PG_TEMPLATE;
  await adminQuery(
    baseUrl,
    full && template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrate(database.db, options.migrationsDir);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One statement (CREATE or DROP DATABASE) on its own connection to the server's `baseUrl`. */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
