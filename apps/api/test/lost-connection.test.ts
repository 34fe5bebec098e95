import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from './admin-fixtures';
import { startTestApp, type TestApp } from './test-app';

// PostgreSQL can end a pooled connection while it sits idle (a restart, a failover, an
// administrator's pg_terminate_backend). The pool must drop it and open a new one; an
// unhandled 'error' event there would take the whole API process down.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await issueToken(t.database, 'reader@example.com');
});

afterAll(async () => {
  await t?.close();
});

const HEALTHY = '{ users(pagination: { limit: 1 }) { pagination { totalRecords } } }';

async function answers(): Promise<boolean> {
  const result = await t.gql(HEALTHY, {}, token);
  return result.errors === undefined && result.data !== null;
}

describe('a lost database connection', () => {
  it('answers before and after the server ends every idle connection', async () => {
    // Several calls at once leave several idle connections in the pool.
    expect(await Promise.all([answers(), answers(), answers()])).toEqual([true, true, true]);
    if (t.database.engine === 'postgres') {
      const lost: Error[] = [];
      t.database.onLostConnection((error) => lost.push(error));
      const ended = await sql<{ n: string }>`
        SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(t.database.db);
      expect(Number(ended.rows[0]!.n)).toBeGreaterThan(0);
      // Let the pool notice the closed sockets while they are idle.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lost.length).toBeGreaterThan(0);
      expect(lost[0]!.message).toMatch(/terminating connection/);
    }
    expect(await answers()).toBe(true);
    expect(await Promise.all([answers(), answers()])).toEqual([true, true]);
  });
});
