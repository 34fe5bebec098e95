import type { GraphQLError } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { maskError } from '../server/yoga';
import { openDatabase, type Database } from './database';
import { migrate } from './migrator';
import { statementTimeoutError } from './statement-timeout';

let base: Database & { url?: string };
beforeAll(async () => {
  base = await createTestDatabase();
});
afterAll(async () => {
  await base.close();
});

describe('the per-statement time limit', () => {
  it('answers a statement stopped by the timeout as QUERY_TIMEOUT', () => {
    const canceled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(statementTimeoutError(canceled)?.code).toBe('QUERY_TIMEOUT');
    expect(statementTimeoutError(new Error('other'))).toBeUndefined();
    const masked = maskError(canceled) as GraphQLError;
    expect(masked.extensions.code).toBe('QUERY_TIMEOUT');
    expect(masked.message).not.toMatch(/canceling/);
  });

  it('stops a long statement on PostgreSQL, but not a migration (PGlite: no limit, by design)', async () => {
    if (!base.url) {
      // PGlite runs statements in-process and cannot interrupt one: the option is ignored
      // there and the statement completes (docs/architecture.md, "Limits").
      const embedded = await openDatabase({ statementTimeoutMs: 50 });
      try {
        const rows = await sql`SELECT pg_sleep(0.2), 1 AS done`.execute(embedded.db);
        expect(rows.rows).toHaveLength(1);
      } finally {
        await embedded.close();
      }
      return;
    }
    const limited = await openDatabase({ databaseUrl: base.url, statementTimeoutMs: 100 });
    try {
      const slow = sql`SELECT pg_sleep(1)`.execute(limited.db);
      await expect(slow).rejects.toMatchObject({ code: '57014' });
      // A quick statement still runs, and migrations lift the limit for themselves.
      expect((await sql<{ n: number }>`SELECT 1 AS n`.execute(limited.db)).rows).toEqual([
        { n: 1 },
      ]);
      await expect(migrate(limited.db)).resolves.toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
