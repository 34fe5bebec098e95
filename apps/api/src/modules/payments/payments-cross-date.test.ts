import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { PAYMENT_STATUSES } from '../../db/tables/domain-tables';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { readFromNearerEnd, type SortOrder } from '../../shared/page';
import { capturing, planOf } from '../../../test/query-plans';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { listPayments, type PaymentsFilter, type PaymentsSortTarget } from './payments-repository';

// Issue 36: the payments list filtered by one date and sorted by the other carries the
// filter's bounds over to the sorted date (0221: a payment is fixed at or after its
// confirmation; the longest delay comes from its index) and reads the unfixed payments apart.
// Every page of every such case is compared with a plain query in the same order, so a bound
// that drops a payment, or a merge that misplaces the unfixed ones, shows here.
let t: TestApp;
let db: Kysely<DB>;
let mid: { confirmed: Date; fixed: Date };

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await seedDemoPopulation(db, { users: 120, seed: 7 });
  const row = await sql<{ confirmed: Date; fixed: Date }>`
    SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY confirmed_at) AS confirmed,
           percentile_disc(0.5) WITHIN GROUP (ORDER BY asset_fixed_at) AS fixed
    FROM payments`.execute(db);
  mid = row.rows[0]!;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const COLUMNS = {
  userPaymentId: 'payments.id',
  confirmedAt: 'confirmed_at',
  assetFixedAt: 'asset_fixed_at',
};

/** The ids a plain query gives: the filter as written, ordered by the sort and then id. */
async function plainIds(f: PaymentsFilter, target: PaymentsSortTarget, dir: SortOrder) {
  const conditions = [sql`true`];
  const at = (v: string | Date | undefined) => new Date(v as string);
  if (f.paymentStatus) conditions.push(sql`status = ${f.paymentStatus}`);
  if (f.confirmedAtFrom) conditions.push(sql`confirmed_at >= ${at(f.confirmedAtFrom)}`);
  if (f.confirmedAtUntil) conditions.push(sql`confirmed_at <= ${at(f.confirmedAtUntil)}`);
  if (f.assetFixedAtFrom) conditions.push(sql`asset_fixed_at >= ${at(f.assetFixedAtFrom)}`);
  if (f.assetFixedAtUntil) conditions.push(sql`asset_fixed_at <= ${at(f.assetFixedAtUntil)}`);
  const order = sql.raw(`${COLUMNS[target]} ${dir}, payments.id ${dir}`);
  const rows = await sql<{ id: string }>`SELECT id::text FROM payments
    WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${order}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Every page of the list, read as the API reads it (a deep page from the nearer end). */
async function listedIds(f: PaymentsFilter, target: PaymentsSortTarget, dir: SortOrder) {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 7) {
    const { answer } = await readFromNearerEnd(
      { limit: 7, offset, sort: { target, orderBy: dir } },
      (p) => listPayments(db, f, p),
    );
    ids.push(...answer.rows.map((r) => r.userPaymentId));
    if (offset + 7 >= answer.totalRecords) return ids;
  }
}

describe('payments filtered by one date and sorted by the other', () => {
  const filters = (): Array<[string, PaymentsFilter]> => [
    ['confirmed from', { confirmedAtFrom: mid.confirmed.toISOString() }],
    ['confirmed until', { confirmedAtUntil: mid.confirmed.toISOString() }],
    ['fixed from', { assetFixedAtFrom: mid.fixed.toISOString() }],
    ['fixed until', { assetFixedAtUntil: mid.fixed.toISOString() }],
    [
      'confirmed in a range, one status',
      {
        confirmedAtFrom: new Date(mid.confirmed.getTime() - 30 * 86_400_000).toISOString(),
        confirmedAtUntil: mid.confirmed.toISOString(),
        paymentStatus: 'asset_fixed',
      },
    ],
  ];

  it('holds exactly the matching payments, in order, on every page and both ways', async () => {
    expect(mid.confirmed).toBeInstanceOf(Date);
    for (const [name, f] of filters())
      for (const target of ['confirmedAt', 'assetFixedAt'] as const)
        for (const dir of ['asc', 'desc'] as const) {
          const expected = await plainIds(f, target, dir);
          expect(expected.length, name).toBeGreaterThan(14);
          expect(await listedIds(f, target, dir), `${name}, ${target} ${dir}`).toEqual(expected);
        }
  }, 120_000);

  it('keeps the unfixed payments of a confirmation range, after the fixed ones ascending', async () => {
    const f = { confirmedAtFrom: mid.confirmed.toISOString() };
    const unfixed = await sql<{ n: string }>`SELECT count(*)::text AS n FROM payments
      WHERE asset_fixed_at IS NULL AND confirmed_at >= ${mid.confirmed}`.execute(db);
    expect(Number(unfixed.rows[0]!.n)).toBeGreaterThan(0);
    const ids = await listedIds(f, 'assetFixedAt', 'asc');
    expect(ids).toEqual(await plainIds(f, 'assetFixedAt', 'asc'));
  });

  it('finds a payment fixed long after its confirmation (the longest delay is read, not assumed)', async () => {
    const [payment] = (
      await sql<{ id: string }>`SELECT id::text FROM payments WHERE status = 'asset_fixed'
        ORDER BY id LIMIT 1`.execute(db)
    ).rows;
    // Confirmed two years before the fixing range starts, fixed inside it.
    const fixedAt = new Date(mid.fixed.getTime() + 60_000);
    const confirmedAt = new Date(fixedAt.getTime() - 730 * 86_400_000);
    await sql`UPDATE payments SET confirmed_at = ${confirmedAt}, asset_fixed_at = ${fixedAt}
      WHERE id = ${payment!.id}`.execute(db);
    const f = { assetFixedAtFrom: mid.fixed.toISOString() };
    for (const dir of ['asc', 'desc'] as const) {
      const ids = await listedIds(f, 'confirmedAt', dir);
      expect(ids).toContain(payment!.id);
      expect(ids).toEqual(await plainIds(f, 'confirmedAt', dir));
    }
  });

  it('refuses a fixing before its confirmation, or of a payment never confirmed (0221)', async () => {
    const [payment] = (
      await sql<{ id: string }>`SELECT id::text FROM payments WHERE status = 'asset_fixed'
        ORDER BY id DESC LIMIT 1`.execute(db)
    ).rows;
    await expect(
      sql`UPDATE payments SET asset_fixed_at = confirmed_at - interval '1 microsecond'
        WHERE id = ${payment!.id}`.execute(db),
    ).rejects.toThrow(/payments_fixed_after_confirmed/);
    await expect(
      sql`UPDATE payments SET confirmed_at = NULL WHERE id = ${payment!.id}`.execute(db),
    ).rejects.toThrow(/payments_fixed_after_confirmed/);
  });
});

describe('a confirmation range sorted by the fixing date, at scale (issue 36)', () => {
  it('keeps only each part’s first offset + limit before the merge, never a whole part', async () => {
    // Sorting every part whole took 12-15 s at 5M for a bound 11M payments meet: each part
    // (the fixed ones and each unfixed status) now hands over at most offset + limit rows.
    const { db: watched, sent } = capturing(db);
    await listPayments(
      watched,
      { confirmedAtFrom: mid.confirmed.toISOString() },
      { limit: 20, offset: 40, sort: { target: 'assetFixedAt', orderBy: 'asc' } },
    );
    const plan = await planOf(
      db,
      sent.find((q) => /union all/i.test(q.sql))!,
    );
    // The page's own limit, and one in every part the planner keeps (the fixed ones and each
    // other status; a part it proves empty has none): before, the page's alone.
    expect((plan.match(/Limit\s+\(cost/g) ?? []).length).toBeGreaterThanOrEqual(
      PAYMENT_STATUSES.length - 1,
    );
  });
});
