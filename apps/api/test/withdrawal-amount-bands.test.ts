import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimals, WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '@app/shared';
import { amountBand, bandOf } from '../src/db/amount-bands';
import type { DB } from '../src/db/schema';
import {
  countWithdrawals,
  countWithdrawalsByStatus,
  type WithdrawalsFilter,
} from '../src/modules/withdrawals/withdrawals-repository';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { verifyPopulation } from '../src/seed/population/verify-population';
import { startTestApp, type TestApp } from './test-app';

// The amount-band buckets of 0230: the SQL function and db/amount-bands.ts band every amount
// alike, and every amount-range count of the withdrawal lists equals a plain COUNT(*), after the
// generator wrote the buckets and after the triggers moved requests between them (both engines).
let t: TestApp;
let db: Kysely<DB>;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await seedDemoPopulation(db, { users: 300, seed: 11 });
});

afterAll(async () => {
  await t?.close();
});

/** Amounts at and around every kind of band edge, down to the finest unit (18 places). */
const EDGES = [
  '0',
  '0.000000000000000001',
  '0.000000000000000009',
  '0.00000000000000001',
  '0.000141727928566130',
  '0.099999999999999999',
  '0.1',
  '0.5',
  '0.990000000000000001',
  '0.999999999999999999',
  '1',
  '1.000000000000000001',
  '1.05',
  '1.099999999999999999',
  '1.1',
  '9.99',
  '10',
  '10.5',
  '99.999999999999999999',
  '100',
  '123.456',
  '990',
  '999.999999999999999999',
  '1000',
  '5000',
  '12345.678',
  '99999',
  '100000',
  '99999999999999999999.999999999999999999',
];

async function sqlBands(amounts: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ band: string }>`
    SELECT withdrawal_amount_band(a::numeric) AS band
      FROM unnest(${amounts}::text[]) WITH ORDINALITY AS x(a, i) ORDER BY i`.execute(db);
  return rows.map((r) => r.band);
}

async function plainCounts(filter: WithdrawalsFilter): Promise<Map<string, number>> {
  let q = db
    .selectFrom('withdrawal_requests')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', filter.kind)
    .groupBy('status');
  if (filter.amountFrom !== undefined) q = q.where('amount', '>=', filter.amountFrom);
  if (filter.amountTo !== undefined) q = q.where('amount', '<=', filter.amountTo);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** The amount-band buckets as kept in row_counts, or recounted from the requests. */
async function bandBuckets(how: 'kept' | 'recounted'): Promise<Record<string, number>> {
  const { rows } =
    how === 'kept'
      ? await sql<{ bucket: string; n: string }>`
          SELECT bucket, n FROM row_counts
           WHERE relation = 'withdrawal_requests' AND bucket LIKE '%:amount\_band:%' AND n <> 0`.execute(
          db,
        )
      : await sql<{ bucket: string; n: string }>`
          SELECT 'kind:' || kind || ':status:' || status || ':amount_band:'
                   || withdrawal_amount_band(amount) AS bucket, count(*) AS n
            FROM withdrawal_requests GROUP BY 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.bucket, Number(r.n)]));
}

/** Bounds for the ranges: the edges above, and amounts the population holds exactly. */
async function boundsOf(kind: string): Promise<string[]> {
  const held = await db
    .selectFrom('withdrawal_requests')
    .select(sql<string>`amount::text`.as('a'))
    .where('kind', '=', kind as WithdrawalsFilter['kind'])
    .orderBy('id')
    .limit(2)
    .execute();
  return ['0', '0.5', '1.05', '10', '123.456', '5000', ...held.map((r) => r.a)];
}

async function expectRangesExact(label: string): Promise<void> {
  for (const kind of WITHDRAWAL_KINDS) {
    const bounds = await boundsOf(kind);
    const ranges: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ...bounds.map((b): [string, undefined] => [b, undefined]),
      ...bounds.map((b): [undefined, string] => [undefined, b]),
      ...bounds.flatMap((a, i) => bounds.slice(i).map((b): [string, string] => [a, b])),
      ['5000', '10'],
      ['-1', '0'],
      [undefined, '-1'],
    ];
    for (const [amountFrom, amountTo] of ranges) {
      const filter: WithdrawalsFilter = { kind, amountFrom, amountTo };
      const plain = await plainCounts(filter);
      const tabs = await countWithdrawalsByStatus(db, filter);
      const at = `${label} ${kind} [${amountFrom}, ${amountTo}]`;
      expect(tabs, at).toEqual(
        WITHDRAWAL_STATUSES.map((status) => ({ status, count: plain.get(status) ?? 0 })),
      );
      const total = [...plain.values()].reduce((a, b) => a + b, 0);
      expect(await countWithdrawals(db, filter), at).toBe(total);
      expect(await countWithdrawals(db, { ...filter, status: 'requested' }), at).toBe(
        plain.get('requested') ?? 0,
      );
    }
  }
}

describe('withdrawal amount bands (0230)', () => {
  it('band every amount alike in SQL and in TypeScript, in the amounts’ order', async () => {
    const held = await db
      .selectFrom('withdrawal_requests')
      .select(sql<string>`amount::text`.as('a'))
      .execute();
    const amounts = [...EDGES, ...held.map((r) => r.a)];
    const keys = amounts.map(amountBand);
    expect(await sqlBands(amounts)).toEqual(keys);
    // Keys sort as their amounts do (row_counts compares them by "C" collation).
    const sorted = [...amounts].sort(compareDecimals);
    const sortedKeys = sorted.map((a) => amountBand(a)!);
    for (let i = 1; i < sortedKeys.length; i++) {
      expect(sortedKeys[i - 1]! <= sortedKeys[i]!, `${sorted[i - 1]} ${sorted[i]}`).toBe(true);
    }
  });

  it('bound each band by its lower amount (inside) and the next band’s (outside)', () => {
    for (const amount of EDGES.filter((a) => compareDecimals(a, '0') > 0)) {
      const key = amountBand(amount)!;
      const band = bandOf(key);
      expect(amountBand(band.lower), amount).toBe(key);
      expect(amountBand(band.upper), amount).toBe(band.next);
      expect(compareDecimals(band.lower, amount) <= 0, amount).toBe(true);
      expect(compareDecimals(amount, band.upper) < 0, amount).toBe(true);
    }
  });

  it('count every amount range exactly from the generated buckets', async () => {
    expect(await verifyPopulation(db)).toEqual([]);
    await expectRangesExact('generated');
  });

  it('follow requests across bands and statuses through the triggers', async () => {
    const moved = await db
      .selectFrom('withdrawal_requests')
      .select(['id', 'kind'])
      .where('status', '=', 'requested')
      .orderBy('id')
      .limit(EDGES.length)
      .execute();
    expect(moved.length).toBeGreaterThan(5);
    // Onto every edge (the fee to zero keeps net = amount - fee), then one of them rejected.
    for (const [i, row] of moved.entries()) {
      const amount = EDGES[i]!;
      await db
        .updateTable('withdrawal_requests')
        .set({ amount, fee: '0', net_amount: amount })
        .where('id', '=', row.id)
        .execute();
    }
    await db
      .updateTable('withdrawal_requests')
      .set({ status: 'rejected', rejected_at: new Date(), reject_reason: 'band test' })
      .where('id', '=', moved[1]!.id)
      .execute();
    // Moved amounts break the population's own invariants (a principal withdrawal is its
    // transfers), so only the amount-band buckets are recounted here.
    expect(await bandBuckets('kept')).toEqual(await bandBuckets('recounted'));
    await expectRangesExact('moved');
    // And the counts do come from the buckets: a bucket set wrong shows in them.
    const key = `kind:${moved[0]!.kind}:status:requested:amount_band:${amountBand(EDGES[0]!)}`;
    const filter: WithdrawalsFilter = { kind: moved[0]!.kind, amountTo: '0' };
    const before = await countWithdrawals(db, filter);
    await sql`UPDATE row_counts SET n = n + 1000 WHERE relation = 'withdrawal_requests' AND bucket = ${key}`.execute(
      db,
    );
    expect(await countWithdrawals(db, filter)).toBe(before + 1000);
    await sql`UPDATE row_counts SET n = n - 1000 WHERE relation = 'withdrawal_requests' AND bucket = ${key}`.execute(
      db,
    );
  });
});
