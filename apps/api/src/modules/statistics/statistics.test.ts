import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_RANGES, STATISTICS_MAX_DAYS } from '@app/shared';
import type { DB } from '../../db/schema';
import type { CoinType, RewardKind } from '../../db/tables/domain-tables';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { verifyPopulation } from '../../seed/population/verify-population';
import { changeOf } from './statistics-service';
import { issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

// Every dashboard figure and assetStats against the same figure computed here straight from
// the records, after changes through the real triggers, for several periods (empty ones too).
let t: TestApp;
let db: Kysely<DB>;
let token: string;
const now = new Date('2026-10-20T09:30:00.000Z');
let next = 700_000;

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  db = t.database.db;
  await seedDemoPopulation(db, { users: 250, seed: 11 });
  token = await issueToken(t.database, 'reader@example.com');
});

afterAll(async () => {
  await t?.close();
});

const DASHBOARD = `query ($period: DashboardPeriod!, $dateFrom: String, $dateUntil: String) {
  dashboardStatistics(period: $period, dateFrom: $dateFrom, dateUntil: $dateUntil) {
    dateFrom dateUntil previousDateFrom previousDateUntil
    revenueUsd { current previous change changePercent }
    newUsers { current previous change changePercent }
    totalUsers { current previous }
    cardStatuses { cardStatus users newUsers { current previous } }
    purchaseRanges { index min max users newUsers { current previous } }
    campaignEth { current previous }
    campaignHec { current previous }
    exBonusHec { current previous }
    days { date revenueUsd newUsers }
  }
}`;

type Pair<T> = { current: T; previous: T };
type Dashboard = {
  dateFrom: string;
  dateUntil: string;
  previousDateFrom: string;
  previousDateUntil: string;
  revenueUsd: Pair<string>;
  newUsers: Pair<number>;
  totalUsers: Pair<number>;
  cardStatuses: Array<{ cardStatus: number; users: number; newUsers: Pair<number> }>;
  purchaseRanges: Array<{
    index: number;
    min: string;
    max: string | null;
    users: number;
    newUsers: Pair<number>;
  }>;
  campaignEth: Pair<string>;
  campaignHec: Pair<string>;
  exBonusHec: Pair<string>;
  days: Array<{ date: string; revenueUsd: string; newUsers: number }>;
};

async function dashboard(variables: Record<string, unknown>): Promise<Dashboard> {
  const res = await t.gql<{ dashboardStatistics: Dashboard }>(DASHBOARD, variables, token);
  expect(res.errors).toBeUndefined();
  return res.data!.dashboardStatistics;
}

/** One value from plain SQL over the records; numbers normalised by the database. */
async function scalar(query: ReturnType<typeof sql>): Promise<string> {
  const { rows } = await sql<{ v: string }>`SELECT (${query})::text AS v`.execute(db);
  return rows[0]!.v;
}

// Days are business days (BUSINESS_TIME_ZONE, default Asia/Tokyo; migration 0150).
const day = (column: string) => sql.raw(`(${column} AT TIME ZONE 'Asia/Tokyo')::date`);

/** Numeric comparison in SQL, so "1.50" equals "1.5". */
async function sameNumber(a: string, b: string): Promise<boolean> {
  const { rows } = await sql<{
    same: boolean;
  }>`SELECT ${a}::numeric = ${b}::numeric AS same`.execute(db);
  return rows[0]!.same;
}

async function expectAmount(label: string, got: string, expected: string): Promise<void> {
  expect(await sameNumber(got, expected), `${label}: ${got} vs ${expected}`).toBe(true);
}

const RANGE_SQL = `CASE WHEN b.buy = 0 THEN 0 WHEN b.buy < 100 THEN 1 WHEN b.buy < 500 THEN 2
  WHEN b.buy < 1000 THEN 3 WHEN b.buy < 5000 THEN 4 WHEN b.buy < 10000 THEN 5 ELSE 6 END`;

async function expectPeriod(
  d: Dashboard,
  from: string,
  until: string,
  which: 'current' | 'previous',
) {
  const label = `${which} ${from}..${until}`;
  const revenue = await scalar(sql`SELECT coalesce(sum(paid_usd), 0) FROM payments
    WHERE status IN ('confirmed', 'asset_fixed') AND ${day('confirmed_at')} BETWEEN ${from} AND ${until}`);
  await expectAmount(`${label} revenue`, d.revenueUsd[which], revenue);
  const newUsers = await scalar(sql`SELECT count(*) FROM end_users
    WHERE ${day('registered_at')} BETWEEN ${from} AND ${until}`);
  expect(d.newUsers[which], `${label} new users`).toBe(Number(newUsers));
  const total = await scalar(
    sql`SELECT count(*) FROM end_users WHERE ${day('registered_at')} <= ${until}`,
  );
  expect(d.totalUsers[which], `${label} total users`).toBe(Number(total));
  for (const [field, kind, coin] of [
    ['campaignEth', 'proportional', 'ETH'],
    ['campaignHec', 'proportional', 'HEC'],
    ['exBonusHec', 'bonus', 'HEC'],
  ] as const) {
    const sum = await scalar(sql`SELECT coalesce(sum(amount), 0) FROM reward_entries
      WHERE kind = ${kind} AND coin_type = ${coin} AND reward_date BETWEEN ${from} AND ${until}`);
    await expectAmount(`${label} ${field}`, d[field][which], sum);
  }
  const { rows: cards } = await sql<{ card_status: number; n: string }>`
    SELECT card_status, count(*) AS n FROM end_users
    WHERE ${day('registered_at')} BETWEEN ${from} AND ${until} GROUP BY card_status`.execute(db);
  for (const c of d.cardStatuses) {
    const n = cards.find((r) => Number(r.card_status) === c.cardStatus)?.n ?? '0';
    expect(c.newUsers[which], `${label} card ${c.cardStatus}`).toBe(Number(n));
  }
  // Purchase totals recomputed from the payments themselves, not from the kept user totals.
  const { rows: ranges } = await sql<{ r: number; n: string }>`
    SELECT ${sql.raw(RANGE_SQL)} AS r, count(*) AS n FROM (
      SELECT u.id, coalesce(sum(p.paid_usd) FILTER (WHERE p.status IN ('confirmed', 'asset_fixed')), 0) AS buy
      FROM end_users u LEFT JOIN payments p ON p.end_user_id = u.id
      WHERE ${day('u.registered_at')} BETWEEN ${from} AND ${until} GROUP BY u.id
    ) b GROUP BY 1`.execute(db);
  for (const r of d.purchaseRanges) {
    const n = ranges.find((x) => Number(x.r) === r.index)?.n ?? '0';
    expect(r.newUsers[which], `${label} range ${r.index}`).toBe(Number(n));
  }
}

async function expectDashboard(variables: Record<string, unknown>, from: string, until: string) {
  const d = await dashboard(variables);
  expect([d.dateFrom, d.dateUntil]).toEqual([from, until]);
  const length =
    (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  const prevUntil = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const prevFrom = new Date(Date.parse(`${from}T00:00:00Z`) - length * 86_400_000)
    .toISOString()
    .slice(0, 10);
  expect([d.previousDateFrom, d.previousDateUntil]).toEqual([prevFrom, prevUntil]);
  await expectPeriod(d, from, until, 'current');
  await expectPeriod(d, prevFrom, prevUntil, 'previous');
  // Whole population.
  const { rows: cards } = await sql<{ card_status: number; n: string }>`
    SELECT card_status, count(*) AS n FROM end_users GROUP BY card_status`.execute(db);
  for (const c of d.cardStatuses) {
    expect(c.users, `card ${c.cardStatus}`).toBe(
      Number(cards.find((r) => Number(r.card_status) === c.cardStatus)?.n ?? 0),
    );
  }
  const { rows: ranges } = await sql<{ r: number; n: string }>`
    SELECT ${sql.raw(RANGE_SQL)} AS r, count(*) AS n FROM (
      SELECT u.id, coalesce(sum(p.paid_usd) FILTER (WHERE p.status IN ('confirmed', 'asset_fixed')), 0) AS buy
      FROM end_users u LEFT JOIN payments p ON p.end_user_id = u.id GROUP BY u.id
    ) b GROUP BY 1`.execute(db);
  expect(d.purchaseRanges.map((r) => [r.index, r.min, r.max])).toEqual(
    PURCHASE_RANGES.map((r) => [r.index, r.min, r.max]),
  );
  for (const r of d.purchaseRanges) {
    expect(r.users, `range ${r.index}`).toBe(
      Number(ranges.find((x) => Number(x.r) === r.index)?.n ?? 0),
    );
  }
  // The chart series: every day of the period, each equal to the records of that day.
  expect(d.days.map((x) => x.date)).toHaveLength(length);
  for (const x of d.days) {
    const revenue = await scalar(sql`SELECT coalesce(sum(paid_usd), 0) FROM payments
      WHERE status IN ('confirmed', 'asset_fixed') AND ${day('confirmed_at')} = ${x.date}`);
    await expectAmount(`day ${x.date}`, x.revenueUsd, revenue);
    const users = await scalar(
      sql`SELECT count(*) FROM end_users WHERE ${day('registered_at')} = ${x.date}`,
    );
    expect(x.newUsers, `day ${x.date} users`).toBe(Number(users));
  }
}

async function addUser(registeredAt: string, cardStatus = 0): Promise<number> {
  const n = next++;
  const row = await db
    .insertInto('end_users')
    .values({
      user_name: `dash_user_${n}`,
      invite_code: `DSH${n}`,
      email: `dash${n}@example.com`,
      aube_user_id_hash: `dash${n}`,
      first_name: 'Dash',
      last_name: 'User',
      registered_at: registeredAt,
      card_status: cardStatus,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addConfirmedPayment(userId: number, paidUsd: string, confirmedAt: string) {
  const row = await db
    .insertInto('payments')
    .values({
      end_user_id: userId,
      plan_id: 1,
      price_usd: paidUsd,
      paid_usd: paidUsd,
      paid_btc: '0.001',
      payment_address: `bc1qdash${next++}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('payments')
    .set({ status: 'confirmed', confirmed_at: confirmedAt })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

async function addReward(
  userId: number,
  kind: RewardKind,
  coin: CoinType,
  amount: string,
  date: string,
) {
  await db
    .insertInto('reward_entries')
    .values({ end_user_id: userId, kind, coin_type: coin, amount, reward_date: date })
    .execute();
}

const PERIODS: Array<[Record<string, unknown>, string, string]> = [
  [{ period: 'TODAY' }, '2026-10-20', '2026-10-20'],
  [{ period: 'LAST_7_DAYS' }, '2026-10-14', '2026-10-20'],
  [{ period: 'LAST_30_DAYS' }, '2026-09-21', '2026-10-20'],
  [
    { period: 'CUSTOM', dateFrom: '2026-01-01', dateUntil: '2026-03-31' },
    '2026-01-01',
    '2026-03-31',
  ],
  // Empty periods: before the population and in the future.
  [
    { period: 'CUSTOM', dateFrom: '2001-05-01', dateUntil: '2001-05-10' },
    '2001-05-01',
    '2001-05-10',
  ],
  [
    { period: 'CUSTOM', dateFrom: '2030-01-01', dateUntil: '2030-01-01' },
    '2030-01-01',
    '2030-01-01',
  ],
];

describe('dashboardStatistics', () => {
  it('equals the records for every period on the generated population', async () => {
    expect(await verifyPopulation(db)).toEqual([]);
    for (const [variables, from, until] of PERIODS) await expectDashboard(variables, from, until);
    // The generated population does fill these periods, so the comparisons above compared numbers.
    const month = await dashboard({ period: 'LAST_30_DAYS' });
    expect(month.newUsers.current).toBeGreaterThan(0);
    expect(Number(month.revenueUsd.current)).toBeGreaterThan(0);
    expect(month.totalUsers.current).toBeGreaterThan(month.newUsers.current);
  });

  it('follows inserts, updates and deletes through the triggers', async () => {
    const a = await addUser('2026-10-20T00:00:00.000Z', 2);
    const b = await addUser('2026-10-19T23:59:59.999Z');
    const c = await addUser('2026-10-14T12:00:00.000Z', 5);
    await addConfirmedPayment(a, '99.99', '2026-10-20T08:00:00.000Z');
    await addConfirmedPayment(b, '0.01', '2026-10-13T23:59:59.999Z');
    const p = await addConfirmedPayment(c, '12345.67', '2026-10-15T00:00:00.000Z');
    await addReward(a, 'bonus', 'HEC', '1.000000000000000001', '2026-10-20');
    await addReward(b, 'proportional', 'ETH', '0.000000000000000001', '2026-10-13');
    await addReward(c, 'proportional', 'HEC', '7.5', '2026-10-19');
    // A card status change, a payment cancelled (revenue and range move back), a registration
    // date corrected across the period's edge, a user deleted.
    await db.updateTable('end_users').set({ card_status: 6 }).where('id', '=', b).execute();
    await db
      .updateTable('payments')
      .set({ status: 'canceled', canceled_at: '2026-10-16T00:00:00.000Z' })
      .where('id', '=', p)
      .execute();
    await db
      .updateTable('end_users')
      .set({ registered_at: '2026-10-13T10:00:00.000Z' })
      .where('id', '=', c)
      .execute();
    const d = await addUser('2026-10-18T10:00:00.000Z', 3);
    await db.deleteFrom('end_users').where('id', '=', d).execute();
    for (const [variables, from, until] of PERIODS) await expectDashboard(variables, from, until);
    expect(await verifyPopulation(db)).toEqual([]);
  });

  it('counts days in the business time zone (Asia/Tokyo), not in UTC', async () => {
    // 16:00 UTC on Jan 5 is 01:00 on Jan 6 in Tokyo: both the payment and the user count on
    // Jan 6, the day every list shows them on.
    const user = await addUser('2026-01-05T16:00:00.000Z');
    await addConfirmedPayment(user, '123.45', '2026-01-05T16:00:00.000Z');
    const jan6 = await dashboard({
      period: 'CUSTOM',
      dateFrom: '2026-01-06',
      dateUntil: '2026-01-06',
    });
    const jan5 = await dashboard({
      period: 'CUSTOM',
      dateFrom: '2026-01-05',
      dateUntil: '2026-01-05',
    });
    const revenue6 = await scalar(sql`SELECT coalesce(sum(paid_usd), 0) FROM payments
      WHERE status IN ('confirmed', 'asset_fixed')
        AND confirmed_at >= '2026-01-05T15:00:00Z' AND confirmed_at < '2026-01-06T15:00:00Z'`);
    await expectAmount('Jan 6 revenue', jan6.revenueUsd.current, revenue6);
    expect(jan6.days).toEqual([
      expect.objectContaining({ date: '2026-01-06', revenueUsd: expect.any(String) }),
    ]);
    const users6 = await scalar(sql`SELECT count(*) FROM end_users
      WHERE registered_at >= '2026-01-05T15:00:00Z' AND registered_at < '2026-01-06T15:00:00Z'`);
    expect(jan6.newUsers.current).toBe(Number(users6));
    // The Jan 5 figures do not hold it: Jan 5 (UTC) minus Jan 6 (Tokyo) revenue differs.
    const revenue5 = await scalar(sql`SELECT coalesce(sum(paid_usd), 0) FROM payments
      WHERE status IN ('confirmed', 'asset_fixed')
        AND confirmed_at >= '2026-01-04T15:00:00Z' AND confirmed_at < '2026-01-05T15:00:00Z'`);
    await expectAmount('Jan 5 revenue', jan5.revenueUsd.current, revenue5);
    const assets = await t.gql<{
      assetStats: { stats: Array<{ date: string; totalBuyAmountUsd: string }> };
    }>(
      `query { assetStats(dateFrom: "2026-01-06", dateUntil: "2026-01-06") { stats { date totalBuyAmountUsd } } }`,
      {},
      token,
    );
    await expectAmount(
      'asset statistics Jan 6',
      assets.data!.assetStats.stats[0]!.totalBuyAmountUsd,
      revenue6,
    );
    // And "today" is Tokyo's day: at 16:00 UTC on Jan 5 the TODAY period is Jan 6.
    const late = await startTestApp({ clock: () => new Date('2026-01-05T16:00:00.000Z') });
    try {
      const lateToken = await issueToken(late.database, 'reader@example.com');
      const res = await late.gql<{ dashboardStatistics: { dateFrom: string } }>(
        'query { dashboardStatistics(period: TODAY) { dateFrom } }',
        {},
        lateToken,
      );
      expect(res.data?.dashboardStatistics.dateFrom).toBe('2026-01-06');
    } finally {
      await late.close();
    }
  });

  it('gives the change exactly and in percent of the previous period', () => {
    expect(changeOf({ current: '3', previous: '2' })).toEqual({
      change: '1',
      changePercent: '50.0',
    });
    expect(changeOf({ current: '1', previous: '3' })).toEqual({
      change: '-2',
      changePercent: '-66.7',
    });
    expect(changeOf({ current: 5, previous: 0 })).toEqual({ change: '5', changePercent: null });
    expect(
      changeOf({
        current: '0.000000000000000003',
        previous: '100000000000000000000.000000000000000001',
      }),
    ).toEqual({ change: '-99999999999999999999.999999999999999998', changePercent: '-100.0' });
  });

  it('refuses a custom period without dates, backwards or too long', async () => {
    // The English message for API callers; the problem as a code with parameters, which the
    // web app words in the admin's language.
    const cases: Array<[Record<string, unknown>, RegExp, Record<string, unknown>]> = [
      [
        { period: 'CUSTOM' },
        /dateFrom: is required/,
        { field: 'dateFrom', problem: 'required', params: {} },
      ],
      [
        { period: 'CUSTOM', dateFrom: '2026-03-02', dateUntil: '2026-03-01' },
        /dateUntil: must not be before dateFrom/,
        { field: 'dateUntil', problem: 'notBefore', params: { other: 'dateFrom' } },
      ],
      [
        { period: 'CUSTOM', dateFrom: '2025-01-01', dateUntil: '2026-01-02' },
        /at most 366 days/,
        { field: 'dateUntil', problem: 'maxDays', params: { max: 366 } },
      ],
      [
        { period: 'CUSTOM', dateFrom: '2026-02-30', dateUntil: '2026-03-01' },
        /dateFrom: must be a date/,
        { field: 'dateFrom', problem: 'calendarDate', params: {} },
      ],
    ];
    for (const [variables, message, problem] of cases) {
      const res = await t.gql(DASHBOARD, variables, token);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toMatch(message);
      expect(res.errors?.[0]?.extensions).toMatchObject(problem);
    }
  });
});

const ASSET_STATS = `query ($from: String!, $until: String!) {
  assetStats(dateFrom: $from, dateUntil: $until) {
    dateFrom dateUntil
    stats { date initialETHAmount initialHECAmount ETHAffiliateReward HECAffiliateReward HECReferralBonus
      ETHSavingReward HECSavingReward ETHProportionalReward HECProportionalReward totalBuyAmountUsd }
    sums { initialETHAmount initialHECAmount ETHAffiliateReward HECAffiliateReward HECReferralBonus
      ETHSavingReward HECSavingReward ETHProportionalReward HECProportionalReward totalBuyAmountUsd }
  }
}`;

type AssetRow = Record<string, string>;
const FIELDS = [
  'initialETHAmount',
  'initialHECAmount',
  'ETHAffiliateReward',
  'HECAffiliateReward',
  'HECReferralBonus',
  'ETHSavingReward',
  'HECSavingReward',
  'ETHProportionalReward',
  'HECProportionalReward',
  'totalBuyAmountUsd',
] as const;

describe('assetStats', () => {
  it('lists every day with the records of that day, and sums equal to the rows', async () => {
    for (const [from, until] of [
      ['2026-01-01', '2026-03-31'],
      ['2026-10-13', '2026-10-20'],
      ['2001-01-01', '2001-01-03'],
      ['2026-05-31', '2026-05-31'],
    ] as const) {
      const res = await t.gql<{
        assetStats: { dateFrom: string; dateUntil: string; stats: AssetRow[]; sums: AssetRow };
      }>(ASSET_STATS, { from, until }, token);
      expect(res.errors).toBeUndefined();
      const stats = res.data!.assetStats;
      expect([stats.dateFrom, stats.dateUntil]).toEqual([from, until]);
      expect(stats.stats[0]?.date).toBe(from);
      expect(stats.stats.at(-1)?.date).toBe(until);
      for (const field of FIELDS) {
        // The rows' sum, added exactly by the database, equals the sum the API gives.
        const values = stats.stats.map((r) => r[field]!);
        const { rows } = await sql<{ s: string }>`
          SELECT coalesce(sum(v::numeric), 0)::text AS s FROM unnest(${values}::text[]) AS v`.execute(
          db,
        );
        await expectAmount(`${from} sum ${field}`, stats.sums[field]!, rows[0]!.s);
      }
      // Each day against the records: payments and rewards of that UTC day.
      for (const row of stats.stats.filter((_, i) => i % 7 === 0)) {
        const date = row.date!;
        const expected = await sql<Record<string, string>>`
          SELECT
            (SELECT coalesce(sum(amount_eth), 0) FROM payments WHERE ${day('asset_fixed_at')} = ${date}) AS "initialETHAmount",
            (SELECT coalesce(sum(amount_hec), 0) FROM payments WHERE ${day('asset_fixed_at')} = ${date}) AS "initialHECAmount",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'ETH' AND kind IN ('affiliate_interest', 'referral', 'bonus')) AS "ETHAffiliateReward",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'HEC' AND kind IN ('affiliate_interest', 'referral', 'bonus')) AS "HECAffiliateReward",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'HEC' AND kind = 'bonus') AS "HECReferralBonus",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'ETH' AND kind = 'staking') AS "ETHSavingReward",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'HEC' AND kind = 'staking') AS "HECSavingReward",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'ETH' AND kind = 'proportional') AS "ETHProportionalReward",
            (SELECT coalesce(sum(amount), 0) FROM reward_entries WHERE reward_date = ${date} AND coin_type = 'HEC' AND kind = 'proportional') AS "HECProportionalReward",
            (SELECT coalesce(sum(paid_usd), 0) FROM payments WHERE status IN ('confirmed', 'asset_fixed') AND ${day('confirmed_at')} = ${date}) AS "totalBuyAmountUsd"
        `.execute(db);
        for (const field of FIELDS) {
          await expectAmount(`${date} ${field}`, row[field]!, expected.rows[0]![field]!);
        }
      }
    }
  });

  it("sums HECReferralBonus over the dashboard's period to its ExBonus figure (the figure opens it)", async () => {
    for (const period of ['LAST_7_DAYS', 'LAST_30_DAYS'] as const) {
      const d = await dashboard({ period });
      const res = await t.gql<{ assetStats: { sums: AssetRow } }>(
        ASSET_STATS,
        { from: d.dateFrom, until: d.dateUntil },
        token,
      );
      expect(res.errors).toBeUndefined();
      await expectAmount(
        `${period} ExBonus`,
        res.data!.assetStats.sums.HECReferralBonus!,
        d.exBonusHec.current,
      );
    }
  });

  it('keeps 18 decimals exactly in rows and sums', async () => {
    const u = await addUser('2026-06-01T00:00:00.000Z');
    await addReward(u, 'staking', 'ETH', '0.000000000000000001', '2019-06-01');
    await addReward(u, 'staking', 'ETH', '12345678901234567890.000000000000000001', '2019-06-02');
    const res = await t.gql<{ assetStats: { stats: AssetRow[]; sums: AssetRow } }>(
      ASSET_STATS,
      { from: '2019-06-01', until: '2019-06-02' },
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(
      await sameNumber(
        res.data!.assetStats.sums.ETHSavingReward!,
        '12345678901234567890.000000000000000002',
      ),
    ).toBe(true);
    expect(res.data!.assetStats.sums.ETHSavingReward).toMatch(/^12345678901234567890\.0+2$/);
  });

  it('refuses a range that ends before it starts, is too long or is not a date', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['2026-03-02', '2026-03-01', /dateUntil: must not be before dateFrom/],
      ['2025-01-01', '2026-01-02', new RegExp(`at most ${STATISTICS_MAX_DAYS} days`)],
      ['2026-13-01', '2026-12-01', /dateFrom: must be a date/],
    ];
    for (const [from, until, message] of cases) {
      const res = await t.gql(ASSET_STATS, { from, until }, token);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    // 366 days is the limit, included.
    const ok = await t.gql(ASSET_STATS, { from: '2025-01-01', until: '2026-01-01' }, token);
    expect(ok.errors).toBeUndefined();
  });

  it('needs a signed-in admin', async () => {
    const res = await t.gql(ASSET_STATS, { from: '2026-01-01', until: '2026-01-02' });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
