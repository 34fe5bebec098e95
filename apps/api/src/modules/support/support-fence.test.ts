import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturing } from '../../../test/query-plans';
import { createTestDatabase } from '../../../test/test-database';
import type { DB } from '../../db/schema';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { listContacts, narrowsBeyondSort, type ContactsFilter } from './support-repository';

// A day's inquiries sorted by status change, oldest first, walked the (status_changed_at, id)
// index to its far end looking for them: 98-118 ms a page at 1M, 208-253 ms at 5M (issue 36).
// Counted first, few matches are read through the contact-date index and sorted.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: 600, seed: 3 });
});

afterAll(async () => {
  await database?.close();
});

const count = async (filter: ContactsFilter) =>
  (await listContacts(db, filter, { limit: 1, offset: 0 })).totalRecords;

/** The inquiries contacted at or after the k-th latest: k matches. */
async function sinceKthLatest(k: number): Promise<ContactsFilter> {
  const at = await sql<{ at: Date }>`
    SELECT contacted_at AS at FROM user_contacts ORDER BY contacted_at DESC, id DESC
    OFFSET ${k - 1} LIMIT 1`.execute(db);
  return { datetimeFrom: new Date(at.rows[0]!.at).toISOString() };
}

describe('the support list: a date range sorted by another column (issue 36)', () => {
  it('answers every page of every sort as a plain query does', async () => {
    const filter = await sinceKthLatest(13);
    const matches = await count(filter);
    expect(matches).toBeGreaterThanOrEqual(13);
    const orders = {
      statusChangedAt: (d: string) => `status_changed_at ${d}, id ${d}`,
      id: (d: string) => `id ${d}`,
      contactedAt: (d: string) => `contacted_at ${d}, id ${d}`,
    } as const;
    for (const [target, order] of Object.entries(orders)) {
      for (const orderBy of ['asc', 'desc'] as const) {
        const want = await sql<{ list_id: string }>`
          SELECT id::text AS list_id FROM user_contacts WHERE contacted_at >= ${new Date(filter.datetimeFrom!)}
          ORDER BY ${sql.raw(order(orderBy))}`.execute(db);
        const got: string[] = [];
        for (let offset = 0; offset < matches + 4; offset += 4) {
          const page = await listContacts(db, filter, {
            limit: 4,
            offset,
            sort: { target: target as keyof typeof orders, orderBy },
          });
          expect(page.totalRecords).toBe(matches);
          got.push(...page.rows.map((r) => String(r.id)));
        }
        expect(got, `${target} ${orderBy}`).toEqual(want.rows.map((r) => r.list_id));
      }
    }
  });

  it('reads few matches first and sorts them, and walks the index for many', async () => {
    expect(narrowsBeyondSort({ datetimeFrom: '2026-01-01' }, 'statusChangedAt')).toBe(true);
    expect(narrowsBeyondSort({ datetimeFrom: '2026-01-01' }, 'id')).toBe(true);
    expect(narrowsBeyondSort({ datetimeFrom: '2026-01-01' }, 'contactedAt')).toBe(false);
    expect(narrowsBeyondSort({ datetimeFrom: '2026-01-01' }, 'openFirst')).toBe(false);
    expect(narrowsBeyondSort({ userContactStatus: 'wip' }, 'statusChangedAt')).toBe(false);
    const { db: watched, sent } = capturing(db);
    const fenced = () => sent.some((q) => /\+ interval '0 seconds'/.test(q.sql));
    const page = {
      limit: 20,
      offset: 0,
      sort: { target: 'statusChangedAt', orderBy: 'asc' },
    } as const;
    await listContacts(watched, await sinceKthLatest(3), page);
    expect(fenced()).toBe(true);
    sent.length = 0;
    // Dense matches (k * k > rows * N): the walk finds the page sooner than a read of them all.
    const all = await count({});
    const k = Math.ceil(Math.sqrt(20 * all)) + 1;
    expect(k).toBeLessThan(all);
    await listContacts(watched, await sinceKthLatest(k), page);
    expect(fenced()).toBe(false);
  });

  it('starts the status-change walk at a contact-date lower bound, which every row keeps (0232)', async () => {
    const { db: watched, sent } = capturing(db);
    const filter = await sinceKthLatest(40);
    await listContacts(watched, filter, {
      limit: 20,
      offset: 0,
      sort: { target: 'statusChangedAt', orderBy: 'asc' },
    });
    expect(sent.some((q) => /"c"\."status_changed_at" >= \$\d+/.test(q.sql))).toBe(true);
    // A status change stamped before the inquiry came in is stamped at its contact time.
    const row = await db
      .selectFrom('user_contacts')
      .select(['id', 'contacted_at'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const early = new Date(new Date(row.contacted_at).getTime() - 3_600_000);
    await db
      .updateTable('user_contacts')
      .set({ status_changed_at: early })
      .where('id', '=', row.id)
      .execute();
    const after = await db
      .selectFrom('user_contacts')
      .select('status_changed_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(new Date(after.status_changed_at).getTime()).toBe(new Date(row.contacted_at).getTime());
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM user_contacts WHERE status_changed_at < contacted_at`.execute(db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
