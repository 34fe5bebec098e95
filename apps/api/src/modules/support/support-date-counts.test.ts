import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

// The support list's total and status tabs under a date range come from kept per-status,
// per-UTC-day counts (0156) with the edge days counted by index: every count here against the
// same filter in plain SQL, for whole days, bounds inside a day, open ends and a status, before
// and after inquiries are added, moved between statuses and deleted.
let t: TestApp;
let db: Kysely<DB>;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date('2026-10-20T09:30:00.000Z') });
  db = t.database.db;
  await seedDemoPopulation(db, { users: 1200, seed: 5 });
  token = await issueToken(t.database, 'reader@example.com');
});

afterAll(async () => {
  await t?.close();
});

const CONTACTS = `query ($from: DateTime, $until: DateTime, $status: String) {
  userContacts(datetimeFrom: $from, datetimeUntil: $until, userContactStatus: $status) {
    pagination { totalRecords }
    statusCounts { status count }
  }
}`;

type Contacts = {
  pagination: { totalRecords: number };
  statusCounts: Array<{ status: string; count: number }>;
};

async function plain(from?: string, until?: string, status?: string): Promise<number> {
  let q = db.selectFrom('user_contacts').select((eb) => eb.fn.countAll<string>().as('n'));
  if (from) q = q.where('contacted_at', '>=', new Date(from));
  if (until) q = q.where('contacted_at', '<=', new Date(until));
  if (status) q = q.where('status', '=', status as 'backlog');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function checkRanges(): Promise<void> {
  const { rows } = await sql<{ at: Date }>`
    SELECT contacted_at AS at FROM user_contacts ORDER BY contacted_at`.execute(db);
  const times = rows.map((r) => new Date(r.at).toISOString());
  expect(times.length).toBeGreaterThan(40);
  const a = times[5]!;
  const b = times[times.length - 6]!;
  const day = (iso: string) => iso.slice(0, 10);
  const ranges: Array<[string | undefined, string | undefined]> = [
    [`${day(a)}T00:00:00.000Z`, `${day(b)}T23:59:59.999Z`],
    [a, b],
    [new Date(Date.parse(a) + 1).toISOString(), new Date(Date.parse(b) - 1).toISOString()],
    ['2026-01-01T15:00:00.000Z', '2026-04-01T14:59:59.999Z'],
    [a, undefined],
    [undefined, b],
    [`${day(a)}T00:00:00.000Z`, `${day(a)}T23:59:59.999Z`],
    ['2001-01-01T00:00:00.000Z', '2001-12-31T23:59:59.999Z'],
  ];
  for (const [from, until] of ranges) {
    const res = await t.gql<{ userContacts: Contacts }>(CONTACTS, { from, until }, token);
    expect(res.errors).toBeUndefined();
    const got = res.data!.userContacts;
    const label = `${from}..${until}`;
    expect(got.pagination.totalRecords, label).toBe(await plain(from, until));
    for (const { status, count } of got.statusCounts)
      expect(count, `${label} ${status}`).toBe(await plain(from, until, status));
    const wip = await t.gql<{ userContacts: Contacts }>(
      CONTACTS,
      { from, until, status: 'wip' },
      token,
    );
    expect(wip.data!.userContacts.pagination.totalRecords, `${label} wip`).toBe(
      await plain(from, until, 'wip'),
    );
  }
}

describe('support: counts under a date range', () => {
  it('equal plain SQL counts', async () => {
    await checkRanges();
  });

  it('follow inserts, status changes and deletes', async () => {
    const some = await db
      .selectFrom('user_contacts')
      .select(['id', 'end_user_id'])
      .orderBy('id')
      .limit(12)
      .execute();
    await db
      .updateTable('user_contacts')
      .set({ status: 'closed' })
      .where(
        'id',
        'in',
        some.slice(0, 6).map((c) => c.id),
      )
      .execute();
    await db
      .deleteFrom('user_contacts')
      .where(
        'id',
        'in',
        some.slice(6, 9).map((c) => c.id),
      )
      .execute();
    await db
      .insertInto('user_contacts')
      .values(
        [0, 1, 2].map((i) => ({
          end_user_id: some[0]!.end_user_id,
          title: `t${i}`,
          content: 'c',
          status: 'backlog' as const,
          contacted_at: new Date(Date.UTC(2026, 1, 10 + i, 23, 30)),
        })),
      )
      .execute();
    await checkRanges();
  });
});
