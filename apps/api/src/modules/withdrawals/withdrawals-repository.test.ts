import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { DB } from '../../db/schema';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { listWithdrawals, type WithdrawalsFilter } from './withdrawals-repository';

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

/** Every id of the filter in list order, straight from SQL (the page-first query's oracle). */
async function allIds(filter: WithdrawalsFilter, byRequestedAt: boolean, desc: boolean) {
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const order = byRequestedAt ? sql`requested_at ${dir}, id ${dir}` : sql`id ${dir}`;
  const result = await sql<{ list_id: string }>`
    SELECT id::text AS list_id FROM withdrawal_requests
    WHERE kind = ${filter.kind} AND (${filter.status ?? null}::text IS NULL OR status = ${filter.status ?? null})
    ORDER BY ${order}`.execute(db);
  return result.rows.map((r) => r.list_id);
}

describe('listWithdrawals (page first, then the page joined to its user)', () => {
  const cases: { filter: WithdrawalsFilter; target: 'requestedAt' | 'id'; desc: boolean }[] = [
    { filter: { kind: 'saving' }, target: 'requestedAt', desc: true },
    { filter: { kind: 'saving' }, target: 'requestedAt', desc: false },
    { filter: { kind: 'payment_paid_value' }, target: 'id', desc: true },
    { filter: { kind: 'affiliate_bonus', status: 'completed' }, target: 'requestedAt', desc: true },
  ];

  it.each(cases)(
    'pages of $filter by $target (desc $desc) tile the whole ordered list',
    async (c) => {
      const expected = await allIds(c.filter, c.target === 'requestedAt', c.desc);
      expect(expected.length).toBeGreaterThan(5);
      const seen: string[] = [];
      for (let offset = 0; offset < expected.length + 5; offset += 5) {
        const page = await listWithdrawals(db, c.filter, {
          limit: 5,
          offset,
          sort: { target: c.target, orderBy: c.desc ? 'desc' : 'asc' },
        });
        expect(page.totalRecords).toBe(expected.length);
        expect(page.rows.length).toBe(Math.max(0, Math.min(5, expected.length - offset)));
        for (const row of page.rows) {
          expect(row.kind).toBe(c.filter.kind);
          if (c.filter.status) expect(row.status).toBe(c.filter.status);
          expect(row.userName).toMatch(/\S/);
        }
        seen.push(...page.rows.map((r) => String(r.id)));
      }
      expect(seen).toEqual(expected);
    },
  );

  it('a page past the end is empty but still carries the total', async () => {
    const expected = await allIds({ kind: 'atem' }, true, true);
    const page = await listWithdrawals(db, { kind: 'atem' }, { limit: 20, offset: 10_000 });
    expect(page.rows).toEqual([]);
    expect(page.totalRecords).toBe(expected.length);
  });
});
