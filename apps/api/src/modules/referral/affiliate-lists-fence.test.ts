import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import type { SortOrder } from '../../shared/page';
import { capturing, planOf } from '../../../test/query-plans';
import { createTestDatabase } from '../../../test/test-database';
import {
  listAffiliateAggregates,
  listAffiliateTrackRecords,
  type AffiliateSearch,
} from './affiliate-aggregates-repository';

// Issue 36: the track records (and the aggregates) searched by a name, an email or a ForceClub
// id and sorted by id walked the sort's index filtering user by user (0.7-2 s a page at 5M for
// one match). A search that matches few users is now read first through its own index, fenced
// by OFFSET 0, and sorted; every page is read id-first and joined after. Here: every page of
// every sort, searched and not, equals a plain query's, and a searched page is read fenced.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoPopulation(database.db, { users: 120, seed: 7 });
}, 240_000);
afterAll(async () => {
  await database?.close();
});

/** The users of a search in a list's order, by a plain query (the reference). */
async function expected(
  list: 'aggregates' | 'trackRecords',
  search: AffiliateSearch,
  target: string,
  orderBy: SortOrder,
): Promise<number[]> {
  const where = [
    list === 'aggregates' ? sql`affiliate_remittance_count > 0` : sql`true`,
    search.userName ? sql`lower(user_name) like ${search.userName.toLowerCase() + '%'}` : sql`true`,
    search.email ? sql`lower(email) like ${search.email.toLowerCase() + '%'}` : sql`true`,
  ];
  const dir = sql.raw(orderBy);
  const opposite = sql.raw(orderBy === 'asc' ? 'desc' : 'asc');
  const order =
    target === 'numberOfChildren'
      ? sql`children_count ${dir}, id ${opposite}`
      : target === 'totalSentHec'
        ? sql`affiliate_sent_hec ${dir}, id ${dir}`
        : sql`id ${dir}`;
  const { rows } = await sql<{ id: number }>`
    select id from end_users where ${sql.join(where, sql` and `)} order by ${order}`.execute(
    database.db,
  );
  return rows.map((r) => Number(r.id));
}

const CASES = [
  { list: 'trackRecords', targets: ['userId', 'numberOfChildren'] },
  { list: 'aggregates', targets: ['id', 'totalSentHec'] },
] as const;

describe('the referral lists searched and sorted', () => {
  it('answer every page of every sort as a plain query does, searched or not', async () => {
    const first = await database.db
      .selectFrom('end_users')
      .select(sql<string>`left(lower(user_name), 1)`.as('c'))
      .where('affiliate_remittance_count', '>', 0)
      .groupBy(sql`1`)
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const searches: AffiliateSearch[] = [{}, { userName: first.c }, { email: first.c }];
    for (const c of CASES) {
      for (const search of searches) {
        for (const target of c.targets) {
          for (const orderBy of ['asc', 'desc'] as const) {
            const want = await expected(c.list, search, target, orderBy);
            const label = `${c.list} ${JSON.stringify(search)} ${target} ${orderBy}`;
            expect(want.length, label).toBeGreaterThan(3);
            const got: number[] = [];
            for (let offset = 0; offset < want.length + 3; offset += 3) {
              const p = { limit: 3, offset, sort: { target, orderBy } };
              const page =
                c.list === 'aggregates'
                  ? await listAffiliateAggregates(database.db, search, p as never)
                  : await listAffiliateTrackRecords(database.db, search, p as never);
              expect(page.totalRecords, label).toBe(want.length);
              got.push(
                ...page.rows.map((r) =>
                  Number('userId' in r ? r.userId : (r as { id: number }).id),
                ),
              );
            }
            expect(got, label).toEqual(want);
          }
        }
      }
    }
  });

  it('read a searched page from the search’s own index, fenced, and sort its matches', async () => {
    for (const read of [listAffiliateTrackRecords, listAffiliateAggregates] as const) {
      const { db, sent } = capturing(database.db);
      await read(db, { email: 'a' }, { limit: 20, offset: 0, sort: undefined });
      const page = sent.at(-1)!;
      // OFFSET 0 keeps the planner from merging the search into a walk of the sort's index.
      expect(page.sql).toMatch(/offset \$\d+\) as "u"/i);
      const plan = await planOf(database.db, page, ['enable_seqscan = off']);
      expect(plan).toMatch(/Subquery Scan on u/);
      expect(plan).toMatch(/end_users_email_c_idx/);
    }
  });
});
