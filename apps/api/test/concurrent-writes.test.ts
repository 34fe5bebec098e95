import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { verifyPopulation } from '../src/seed/population/verify-population';
import { createTestDatabase } from './test-database';

// Writers of records with derived totals, running at once, as an import, a rate assignment
// and webhooks would. Each write also updates its user, every ancestor, the day statistics
// and the count buckets; before 0023 two such writers could take those rows in opposite
// orders and one of them was killed as a deadlock (about 1 in 20 at four writers).
// On PGlite (one connection) the writers take turns; on PostgreSQL they really overlap.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: 400, seed: 7 });
});

afterAll(async () => {
  await database?.close();
});

/** Confirmed payments of users who share ancestors (the busiest hub's subtree). */
async function sharedSubtreePayments(limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH hub AS (SELECT id FROM end_users ORDER BY descendants_count DESC, id LIMIT 1)
    SELECT p.id FROM payments p JOIN end_users u ON u.id = p.end_user_id, hub
    WHERE p.status = 'confirmed' AND hub.id = ANY(u.ancestry)
    ORDER BY p.id LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

describe('concurrent writers of derived totals', () => {
  it('all commit, and every total still equals the sum of its records', async () => {
    const ids = await sharedSubtreePayments(120);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    let committed = 0;
    // Four writers, each moving payments' amounts and confirmation days back and forth,
    // two payments a transaction, in an order of its own.
    const writer = async (w: number) => {
      for (let i = 0; i < 30; i++) {
        const a = ids[(w * 31 + i * 7) % ids.length]!;
        const b = ids[(w * 17 + i * 13 + 5) % ids.length]!;
        const sign = i % 2 === 0 ? '+' : '-';
        try {
          await db.transaction().execute(async (trx) => {
            await sql`UPDATE payments SET paid_usd = paid_usd ${sql.raw(sign)} 1,
              confirmed_at = confirmed_at ${sql.raw(sign)} interval '1 day'
              WHERE id = ${a}`.execute(trx);
            await sql`UPDATE payments SET paid_usd = paid_usd ${sql.raw(sign)} 1
              WHERE id = ${b}`.execute(trx);
          });
          committed += 1;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    expect(failures).toEqual([]);
    expect(committed).toBe(120);
    expect(await verifyPopulation(db)).toEqual([]);
  });
});
