import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayEnd, businessDayStart } from '@app/shared';
import type { DB } from '../../db/schema';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

// The users list's registration range (the dashboard's New User figure opens it): every count
// and page against the same filter written here in plain SQL, for whole UTC days, bounds inside
// a day, open ends, empty ranges, and with another filter beside it.
let t: TestApp;
let db: Kysely<DB>;
let token: string;
const now = new Date('2026-10-20T09:30:00.000Z');

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  db = t.database.db;
  await seedDemoPopulation(db, { users: 250, seed: 11 });
  token = await issueToken(t.database, 'reader@example.com');
});

afterAll(async () => {
  await t?.close();
});

const USERS = `query ($from: DateTime, $until: DateTime, $cardStatus: [Int!], $pagination: PaginationInput) {
  users(registeredAtFrom: $from, registeredAtUntil: $until, cardStatus: $cardStatus, pagination: $pagination) {
    list { id registeredAt }
    pagination { totalRecords }
  }
}`;

type Users = {
  list: Array<{ id: number; registeredAt: string }>;
  pagination: { totalRecords: number };
};

async function users(variables: Record<string, unknown>): Promise<Users> {
  const res = await t.gql<{ users: Users }>(USERS, variables, token);
  expect(res.errors).toBeUndefined();
  return res.data!.users;
}

async function expected(from?: string, until?: string, cardStatus?: number[]): Promise<number> {
  let q = db.selectFrom('end_users').select((eb) => eb.fn.countAll<string>().as('n'));
  if (from) q = q.where('registered_at', '>=', new Date(from));
  if (until) q = q.where('registered_at', '<=', new Date(until));
  if (cardStatus) q = q.where('card_status', 'in', cardStatus);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Registration times of the population, oldest first, as ISO strings. */
async function registrations(): Promise<string[]> {
  const rows = await db
    .selectFrom('end_users')
    .select('registered_at')
    .orderBy('registered_at')
    .execute();
  return rows.map((r) => new Date(r.registered_at).toISOString());
}

describe('users: registration-date range', () => {
  it('counts and lists exactly the users registered in the range', async () => {
    const times = await registrations();
    expect(times.length).toBeGreaterThan(100);
    const a = times[40]!;
    const b = times[160]!;
    const dayOf = (iso: string) => iso.slice(0, 10);
    const ranges: Array<[string | undefined, string | undefined]> = [
      // Whole business days (Asia/Tokyo), as the web app sends them: read from the buckets.
      [
        businessDayStart(dayOf(a), 'Asia/Tokyo')!.toISOString(),
        businessDayEnd(dayOf(b), 'Asia/Tokyo')!.toISOString(),
      ],
      // Whole UTC days: the edges by index.
      [`${dayOf(a)}T00:00:00.000Z`, `${dayOf(b)}T23:59:59.999Z`],
      // Bounds exactly on a user's registration (inclusive) and inside a day.
      [a, b],
      [new Date(Date.parse(a) + 1).toISOString(), new Date(Date.parse(b) - 1).toISOString()],
      // Open ends.
      [a, undefined],
      [undefined, b],
      // One day, and a part of it.
      [`${dayOf(a)}T00:00:00.000Z`, `${dayOf(a)}T23:59:59.999Z`],
      [a, `${dayOf(a)}T23:59:59.999Z`],
      // Nobody: before everyone, and an empty instant range.
      ['2001-01-01T00:00:00.000Z', '2001-12-31T23:59:59.999Z'],
      [new Date(Date.parse(a) + 1).toISOString(), new Date(Date.parse(a) + 1).toISOString()],
    ];
    for (const [from, until] of ranges) {
      const want = await expected(from, until);
      const page = await users({ from, until, pagination: { limit: 500 } });
      expect(page.pagination.totalRecords, `${from}..${until}`).toBe(want);
      expect(page.list).toHaveLength(Math.min(want, 500));
      for (const u of page.list) {
        if (from) expect(Date.parse(u.registeredAt)).toBeGreaterThanOrEqual(Date.parse(from));
        if (until) expect(Date.parse(u.registeredAt)).toBeLessThanOrEqual(Date.parse(until));
      }
    }
    expect(await expected(a, b)).toBeGreaterThan(0);
  });

  it('sorts by registration within the range and pages it', async () => {
    const times = await registrations();
    const from = times[10]!;
    const until = times[200]!;
    const res = await t.gql<{ users: Users }>(
      `query ($from: DateTime, $until: DateTime) {
        users(registeredAtFrom: $from, registeredAtUntil: $until,
              pagination: { limit: 20, offset: 20, sort: { target: "registeredAt", orderBy: ASC } }) {
          list { id registeredAt } pagination { totalRecords }
        }
      }`,
      { from, until },
      token,
    );
    expect(res.errors).toBeUndefined();
    const got = res.data!.users.list.map((u) => new Date(u.registeredAt).toISOString());
    expect(got).toEqual(times.slice(30, 50));
  });

  it('pages a range sorted by id, both ways, in the order plain SQL gives', async () => {
    // A range sorted by id walks the id index from the range's id bounds (0155): the same rows
    // as plain SQL.
    const times = await registrations();
    const ranges: Array<[string | undefined, string | undefined]> = [
      [times[30]!, times[90]!], // far from both ends
      [times[200]!, undefined], // reaches the newest users
      [undefined, times[40]!], // reaches the oldest
    ];
    for (const [from, until] of ranges)
      for (const orderBy of ['DESC', 'ASC'] as const)
        for (const offset of [0, 20]) {
          let q = db.selectFrom('end_users').select('id');
          if (from) q = q.where('registered_at', '>=', new Date(from));
          if (until) q = q.where('registered_at', '<=', new Date(until));
          const want = await q
            .orderBy('id', orderBy === 'DESC' ? 'desc' : 'asc')
            .limit(20)
            .offset(offset)
            .execute();
          const page = await users({
            from,
            until,
            pagination: { limit: 20, offset, sort: { target: 'id', orderBy } },
          });
          expect(
            page.list.map((u) => u.id),
            `${from}..${until} ${orderBy} @${offset}`,
          ).toEqual(want.map((r) => r.id));
          expect(page.list).toHaveLength(20);
        }
  });

  it('finds users registered out of id order: the kept id bounds widen (0155)', async () => {
    // A range sorted by id starts its walk at the largest id its days ever registered. A user
    // inserted today with an old registration, and one whose registration is moved back, have
    // ids beyond the old days' bounds until the triggers widen them.
    const times = await registrations();
    const [from, until] = [times[30]!, times[90]!];
    const inserted = await db
      .insertInto('end_users')
      .values({
        user_name: 'late_registration',
        invite_code: 'LATEREG1',
        email: 'late_registration@example.com',
        aube_user_id_hash: 'late-registration-hash',
        first_name: 'Late',
        last_name: 'Registration',
        registered_at: new Date(Date.parse(times[60]!) + 1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newest = await db
      .selectFrom('end_users')
      .select('id')
      .where('id', '<>', inserted.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('end_users')
      .set({ registered_at: new Date(Date.parse(times[70]!) + 1) })
      .where('id', '=', newest.id)
      .execute();
    for (const orderBy of ['DESC', 'ASC'] as const) {
      const want = await db
        .selectFrom('end_users')
        .select('id')
        .where('registered_at', '>=', new Date(from))
        .where('registered_at', '<=', new Date(until))
        .orderBy('id', orderBy === 'DESC' ? 'desc' : 'asc')
        .limit(20)
        .execute();
      const page = await users({
        from,
        until,
        pagination: { limit: 20, sort: { target: 'id', orderBy } },
      });
      expect(
        page.list.map((u) => u.id),
        orderBy,
      ).toEqual(want.map((r) => r.id));
    }
    const first = await users({
      from,
      until,
      pagination: { limit: 2, sort: { target: 'id', orderBy: 'DESC' } },
    });
    expect(first.list.map((u) => u.id)).toEqual([inserted.id, newest.id].sort((a, b) => b - a));
    // Every user lies within the bounds of its UTC registration day.
    const { rows } = await sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users u
      LEFT JOIN end_users_registered_id_bounds b ON b.day = (u.registered_at AT TIME ZONE 'UTC')::date
      WHERE b.day IS NULL OR u.id < b.min_id OR u.id > b.max_id`.execute(db);
    expect(rows[0]!.bad).toBe('0');
  });

  it('pages several card statuses sorted by registration as plain SQL does (merged per status)', async () => {
    for (const cardStatus of [
      [0, 1],
      [1, 4, 6],
      [2, 3],
    ])
      for (const orderBy of ['DESC', 'ASC'] as const)
        for (const offset of [0, 20, 45]) {
          const dir = orderBy === 'DESC' ? 'desc' : 'asc';
          const want = await db
            .selectFrom('end_users')
            .select('id')
            .where('card_status', 'in', cardStatus)
            .orderBy('registered_at', dir)
            .orderBy('id', dir)
            .limit(20)
            .offset(offset)
            .execute();
          const page = await users({
            cardStatus,
            pagination: { limit: 20, offset, sort: { target: 'registeredAt', orderBy } },
          });
          const label = `${cardStatus.join(',')} ${orderBy} @${offset}`;
          expect(
            page.list.map((u) => u.id),
            label,
          ).toEqual(want.map((r) => r.id));
          expect(page.pagination.totalRecords, label).toBe(
            await expected(undefined, undefined, cardStatus),
          );
        }
  });

  it('combines with another filter (counted by index)', async () => {
    const times = await registrations();
    const [from, until] = [times[20]!, times[220]!];
    for (const cardStatus of [[0], [1, 4], [6]]) {
      const page = await users({ from, until, cardStatus, pagination: { limit: 500 } });
      expect(page.pagination.totalRecords).toBe(await expected(from, until, cardStatus));
    }
  });

  it("equals the dashboard's New User figure for the same period", async () => {
    const { rows } = await sql<{ d: string }>`
      SELECT to_char((registered_at AT TIME ZONE 'Asia/Tokyo')::date, 'YYYY-MM-DD') AS d
      FROM end_users ORDER BY registered_at DESC LIMIT 1`.execute(db);
    const until = rows[0]!.d;
    const from = new Date(Date.parse(until) - 29 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.gql<{ dashboardStatistics: { newUsers: { current: number } } }>(
      `query ($from: String, $until: String) {
        dashboardStatistics(period: CUSTOM, dateFrom: $from, dateUntil: $until) { newUsers { current } }
      }`,
      { from, until },
      token,
    );
    expect(res.errors).toBeUndefined();
    // The dashboard counts business days (Asia/Tokyo): the list's bounds are that zone's
    // midnights, as the web app sends them for a date filter.
    const page = await users({
      from: businessDayStart(from, 'Asia/Tokyo')!.toISOString(),
      until: businessDayEnd(until, 'Asia/Tokyo')!.toISOString(),
    });
    expect(page.pagination.totalRecords).toBe(res.data!.dashboardStatistics.newUsers.current);
    expect(page.pagination.totalRecords).toBeGreaterThan(0);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const res = await t.gql(
      USERS,
      { from: '2026-03-02T00:00:00.000Z', until: '2026-03-01T00:00:00.000Z' },
      token,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/registeredAtFrom/);
  });
});
