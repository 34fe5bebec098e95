import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { dumpSchema } from '../src/db/schema-dump';
import { createTestDatabase } from './test-database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the committed database schema', () => {
  it('matches apps/api/schema.sql (run `npm run db:schema` after adding a migration)', async () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../schema.sql'), 'utf8');
    expect(await dumpSchema(database.db)).toBe(committed);
  });
});
