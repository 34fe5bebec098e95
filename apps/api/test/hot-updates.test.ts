import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { createTestDatabase } from './test-database';

// A payment write updates its user's totals (indexed columns) and every ancestor's subtree
// totals (no index). With room on the pages (0024) the ancestor updates stay on their page and
// touch no index (HOT), which is most of what makes writes cheap at benchmark size.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: 300, seed: 11 });
});

afterAll(async () => {
  await database?.close();
});

describe('end_users page room', () => {
  it('keeps a fifth of each page free', async () => {
    const { rows } = await sql<{ options: string[] | null }>`
      SELECT reloptions AS options FROM pg_class WHERE oid = 'end_users'::regclass`.execute(db);
    expect(rows[0]!.options).toContain('fillfactor=80');
  });

  it("updates a deep user's ancestors in place (HOT), without new index entries", async () => {
    const { rows } = await sql<{ id: string; depth: number }>`
      SELECT p.id, cardinality(u.ancestry) AS depth FROM payments p
      JOIN end_users u ON u.id = p.end_user_id
      WHERE p.status = 'confirmed' ORDER BY cardinality(u.ancestry) DESC, p.id LIMIT 1`.execute(db);
    const payment = rows[0]!;
    expect(payment.depth).toBeGreaterThanOrEqual(3);
    // The counters of the current transaction: the user and each ancestor are one update each.
    const counts = await db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      try {
        await sql`UPDATE payments SET paid_usd = paid_usd + 1 WHERE id = ${payment.id}`.execute(
          conn,
        );
        const { rows: stats } = await sql<{ updated: string; hot: string }>`
          SELECT pg_stat_get_xact_tuples_updated('end_users'::regclass) AS updated,
                 pg_stat_get_xact_tuples_hot_updated('end_users'::regclass) AS hot`.execute(conn);
        return stats[0]!;
      } finally {
        await sql`ROLLBACK`.execute(conn);
      }
    });
    expect(Number(counts.updated)).toBe(payment.depth + 1);
    // The user's own update changes indexed totals and cannot be HOT. The ancestors' can,
    // while their page has room: a chain of ancestors made one after another shares pages, so
    // within one transaction some of them run out (19 of 29 here; committed versions are
    // pruned later, freeing the room again). With full pages (fillfactor 100) none were HOT.
    expect(Number(counts.hot)).toBeGreaterThan(payment.depth / 2);
    expect(Number(counts.hot)).toBeLessThanOrEqual(payment.depth);
  });
});
