import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturing, planOf } from '../../../test/query-plans';
import { createTestDatabase } from '../../../test/test-database';
import type { DB } from '../../db/schema';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import {
  countWithdrawals,
  countWithdrawalsByStatus,
  listWithdrawals,
  listWithdrawalsRows,
  narrowsBeyondSort,
  type WithdrawalsFilter,
} from './withdrawals-repository';

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

describe('status tab counts of a requested-at range (kept per-day counts, 0142)', () => {
  // Whole UTC days, bounds inside a day, the last millisecond of a day, open ends, nothing.
  const RANGES: Array<[string | undefined, string | undefined]> = [
    ['2026-01-01T00:00:00.000Z', '2026-06-30T23:59:59.999Z'],
    ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['2026-02-28T12:00:00.000Z', '2026-03-02T12:00:00.000Z'],
    ['2026-03-10T06:00:00.000Z', '2026-03-10T18:00:00.000Z'],
    ['2026-03-31T23:59:59.999Z', undefined],
    [undefined, '2026-03-31T23:59:59.999Z'],
    ['2000-01-01T00:00:00.000Z', '2000-12-31T23:59:59.999Z'],
    ['2024-01-01T00:00:00.000Z', '2027-12-31T23:59:59.999Z'],
  ];

  async function expectPlainCounts(label: string): Promise<void> {
    for (const kind of ['payment_paid_value', 'saving'] as const)
      for (const [from, until] of RANGES) {
        const got = await countWithdrawalsByStatus(db, {
          kind,
          requestedAtFrom: from ? new Date(from) : undefined,
          requestedAtUntil: until ? new Date(until) : undefined,
        });
        const { rows } = await sql<{ status: string; n: string }>`
          SELECT status, count(*) AS n FROM withdrawal_requests
          WHERE kind = ${kind}
            AND (${from ?? null}::timestamptz IS NULL OR requested_at >= ${from ?? null}::timestamptz)
            AND (${until ?? null}::timestamptz IS NULL OR requested_at <= ${until ?? null}::timestamptz)
          GROUP BY status`.execute(db);
        const want = new Map(rows.map((r) => [r.status, Number(r.n)]));
        for (const { status, count } of got)
          expect(count, `${label}: ${kind} ${from}..${until} ${status}`).toBe(
            want.get(status) ?? 0,
          );
      }
  }

  it('equal plain counts, through date corrections and status changes', async () => {
    await expectPlainCounts('generated');
    const total = await countWithdrawalsByStatus(db, {
      kind: 'payment_paid_value',
      requestedAtFrom: new Date('2024-01-01T00:00:00.000Z'),
    });
    expect(total.reduce((a, c) => a + c.count, 0)).toBeGreaterThan(0);
    // Move requests onto the edges: a midnight, the last millisecond of a day, mid-day.
    const some = await db
      .selectFrom('withdrawal_requests')
      .select(['id', 'status'])
      .where('kind', 'in', ['payment_paid_value', 'saving'])
      .orderBy('id')
      .limit(6)
      .execute();
    const moves = [
      '2026-03-01T00:00:00.000Z',
      '2026-03-31T23:59:59.999Z',
      '2026-03-10T12:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
      '2026-06-30T23:59:59.999Z',
    ];
    for (const [i, row] of some.entries())
      await db
        .updateTable('withdrawal_requests')
        .set({ requested_at: new Date(moves[i]!) })
        .where('id', '=', row.id)
        .execute();
    await expectPlainCounts('after date corrections');
    const requested = await db
      .selectFrom('withdrawal_requests')
      .select('id')
      .where('kind', '=', 'payment_paid_value')
      .where('status', '=', 'requested')
      .where('requested_at', '>=', new Date('2026-01-01T00:00:00.000Z'))
      .orderBy('id')
      .limit(2)
      .execute();
    expect(requested.length).toBeGreaterThan(0);
    await db
      .updateTable('withdrawal_requests')
      .set({ status: 'rejected', rejected_at: new Date(), reject_reason: 'count test' })
      .where(
        'id',
        'in',
        requested.map((r) => r.id),
      )
      .execute();
    await expectPlainCounts('after rejections');
  });
});

describe('a filter the sort does not hold, counted first and read fenced (issue 36)', () => {
  // A request-date range 11 requests match, sorted by amount, walked the amount index testing
  // every request of the kind: 3.2-3.7 s a page at 5M. Counted first, few matches are read
  // through the date index (OFFSET 0 fences them) and sorted.
  it('answers every page of every sort as a plain query does, and fences the few', async () => {
    const median = await sql<{ at: Date }>`
      SELECT requested_at AS at FROM withdrawal_requests WHERE kind = 'saving'
      ORDER BY requested_at OFFSET (SELECT count(*) / 3 FROM withdrawal_requests WHERE kind = 'saving')
      LIMIT 1`.execute(db);
    const until = new Date(median.rows[0]!.at);
    const filter: WithdrawalsFilter = { kind: 'saving', requestedAtUntil: until };
    const matches = await countWithdrawals(db, filter);
    expect(matches).toBeGreaterThan(5);
    const orders = {
      amount: (d: string) => `amount ${d}, id ${d}`,
      status: (d: string) => `status ${d}, requested_at ${d}, id ${d}`,
      id: (d: string) => `id ${d}`,
    } as const;
    for (const [target, order] of Object.entries(orders)) {
      for (const orderBy of ['asc', 'desc'] as const) {
        const sortTarget = target as keyof typeof orders;
        expect(narrowsBeyondSort(filter, sortTarget)).toBe(true);
        const want = await sql<{ list_id: string }>`
          SELECT id::text AS list_id FROM withdrawal_requests
          WHERE kind = 'saving' AND requested_at <= ${until}
          ORDER BY ${sql.raw(order(orderBy))}`.execute(db);
        const got: string[] = [];
        for (let offset = 0; offset < matches + 4; offset += 4) {
          const rows = await listWithdrawalsRows(
            db,
            filter,
            { limit: 4, offset, sort: { target: sortTarget, orderBy } },
            matches,
          );
          got.push(...rows.map((r) => String(r.id)));
        }
        expect(got, `${target} ${orderBy}`).toEqual(want.rows.map((r) => r.list_id));
      }
    }
    expect(narrowsBeyondSort(filter, 'requestedAt')).toBe(false);
    expect(narrowsBeyondSort({ kind: 'saving', status: 'completed' }, 'amount')).toBe(false);
    const { db: watched, sent } = capturing(db);
    const fenced = () => /offset \$\d+\) as "w"/i.test(sent.at(-1)?.sql ?? '');
    // The requests until the k-th earliest: k matches of the kind's N.
    const untilKth = async (k: number): Promise<WithdrawalsFilter> => {
      const at = await sql<{ at: Date }>`
        SELECT requested_at AS at FROM withdrawal_requests WHERE kind = 'saving'
        ORDER BY requested_at, id OFFSET ${k - 1} LIMIT 1`.execute(db);
      return { kind: 'saving', requestedAtUntil: new Date(at.rows[0]!.at) };
    };
    const sort = { target: 'amount', orderBy: 'desc' } as const;
    const page = { limit: 20, offset: 0, sort };
    const all = await countWithdrawals(db, { kind: 'saving' });
    // Few matches: read and sorted, fewer rows than a walk passes to find 20 of them.
    const few = await untilKth(3);
    await listWithdrawalsRows(watched, few, page, await countWithdrawals(db, few));
    expect(fenced()).toBe(true);
    // Uncounted, the page cannot choose: the sort's index is walked.
    await listWithdrawalsRows(watched, few, page);
    expect(fenced()).toBe(false);
    // Dense matches (k * k > rows * N): the walk finds the page sooner than a read of them all.
    const short = { limit: 2, offset: 0, sort };
    const k = Math.ceil(Math.sqrt(2 * all)) + 1;
    expect(k).toBeLessThan(all);
    const dense = await untilKth(k);
    await listWithdrawalsRows(watched, dense, short, await countWithdrawals(db, dense));
    expect(fenced()).toBe(false);
  });
});

describe('the withdrawal lists sorted by status (issue 36)', () => {
  // Status then request time, both in the asked direction: 0071's index ordered the time down
  // within each status, so neither direction followed it and each page sorted the whole kind
  // (55-107 ms at 5M). 0224's ascending index serves both directions without a sort.
  it.each(['asc', 'desc'] as const)(
    'reads a page %s from one index, with no sort',
    async (orderBy) => {
      const { db: watched, sent } = capturing(db);
      const sort = { target: 'status', orderBy } as const;
      await listWithdrawalsRows(watched, { kind: 'saving' }, { limit: 20, offset: 0, sort });
      // Sorting priced out: the page's ids come sorted from an index if one holds the order.
      const plan = await planOf(db, sent.at(-1)!, ['enable_sort = off']);
      expect(plan).toMatch(/withdrawal_requests_kind_status_at_idx/);
      // The outer sort orders the page's 20 rows; the ids come from the index in order.
      expect(plan.match(/Sort\s+\(cost/g) ?? []).toHaveLength(1);
    },
  );
});

describe('requests awaiting over 24 h, counted from the requested-day buckets (issue 36)', () => {
  async function plainAwaiting(kind: WithdrawalsFilter['kind']) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM withdrawal_requests WHERE kind = ${kind} AND status = 'requested'
        AND requested_at < now() - interval '24 hours'`.execute(db);
    return Number(rows[0]!.n);
  }

  it('equal the list rows’ own rule, around the 24-hour line and the day’s start', async () => {
    const requested = await db
      .selectFrom('withdrawal_requests')
      .select(['id', 'kind'])
      .where('status', '=', 'requested')
      .orderBy('id')
      .limit(6)
      .execute();
    expect(requested.length).toBe(6);
    // Either side of the line, and either side of the UTC midnight before it.
    const offsets = ['25 hours', '23 hours', '24 hours 1 minute', '23 hours 59 minutes'];
    for (const [i, row] of requested.slice(0, offsets.length).entries()) {
      await sql`UPDATE withdrawal_requests SET requested_at = now() - ${offsets[i]}::interval
        WHERE id = ${row.id}`.execute(db);
    }
    await sql`UPDATE withdrawal_requests SET requested_at = date_trunc('day', (now() - interval '24 hours') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      WHERE id = ${requested[4]!.id}`.execute(db);
    await sql`UPDATE withdrawal_requests SET requested_at = date_trunc('day', (now() - interval '24 hours') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 microsecond'
      WHERE id = ${requested[5]!.id}`.execute(db);
    for (const kind of new Set(requested.map((r) => r.kind))) {
      const want = await plainAwaiting(kind);
      const filter: WithdrawalsFilter = { kind, awaitingOver24h: true };
      expect(await countWithdrawals(db, filter), kind).toBe(want);
      expect(await countWithdrawals(db, { ...filter, status: 'requested' }), kind).toBe(want);
      expect(await countWithdrawals(db, { ...filter, status: 'approved' }), kind).toBe(0);
      expect(await countWithdrawalsByStatus(db, filter), kind).toEqual(
        ['requested', 'approved', 'processing', 'completed', 'failed', 'rejected'].map((s) => ({
          status: s,
          count: s === 'requested' ? want : 0,
        })),
      );
      const rows = await listWithdrawalsRows(db, filter, { limit: 1000, offset: 0 });
      expect(rows.length, kind).toBe(want);
    }
  });

  it('come from the buckets: a past day’s bucket set wrong shows in them', async () => {
    const kind = 'saving';
    const before = await countWithdrawals(db, { kind, awaitingOver24h: true });
    const day = await sql<{ bucket: string }>`
      SELECT bucket FROM row_counts WHERE relation = 'withdrawal_requests'
        AND bucket LIKE ${`kind:${kind}:status:requested:requested_day:%`} AND n > 0
      ORDER BY bucket LIMIT 1`.execute(db);
    const bucket = day.rows[0]!.bucket;
    await sql`UPDATE row_counts SET n = n + 1000 WHERE relation = 'withdrawal_requests' AND bucket = ${bucket}`.execute(
      db,
    );
    expect(await countWithdrawals(db, { kind, awaitingOver24h: true })).toBe(before + 1000);
    await sql`UPDATE row_counts SET n = n - 1000 WHERE relation = 'withdrawal_requests' AND bucket = ${bucket}`.execute(
      db,
    );
  });
});
