import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { WITHDRAWAL_KINDS } from '../db/tables/domain-tables';
import { listPayments } from '../modules/payments/payments-repository';
import {
  listAffiliateAggregates,
  listAffiliateTrackRecords,
} from '../modules/referral/affiliate-aggregates-repository';
import { listSavingAddresses } from '../modules/savings/saving-addresses-repository';
import {
  findUserAffiliateRemittanceHistory,
  findUserSavingRemittanceHistory,
  listAffiliateRemittances,
  listSavingRemittances,
} from '../modules/savings/savings-repository';
import { listContacts } from '../modules/support/support-repository';
import { listUsers } from '../modules/users/users-repository';
import {
  listUserWithdrawalsPage,
  listWithdrawals,
} from '../modules/withdrawals/withdrawals-repository';
import { seedDemoPopulation } from '../seed/population/demo-population';
import { readFromNearerEnd, type Page, type PageRequest, type SortOrder } from '../shared/page';
import { issueToken } from '../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';

// Issue 36: a deep page is read from the other end of the list's order (the order reversed,
// then the page reversed), and a page past the end answers the last page. Each list's pages
// read that way are compared with the same repository's plain OFFSET read in the asked order,
// on sorts with ties (card status, amounts, dates, statuses) and NULLs (forceClubIdHash,
// confirmedAt), so an order that does not end in a unique key, or a part of it that does not
// reverse, shows here.
let t: TestApp;
let db: Kysely<DB>;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  // 250 users: about 1,250 payments, so the payments list is deeper than NEAR_END_ROWS.
  await seedDemoPopulation(db, { users: 250, seed: 11 });
  token = await issueToken(t.database, 'reader@example.com');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

type Sorted<T extends string> = PageRequest<T> & { sort: { target: T; orderBy: SortOrder } };
type Load = (p: Sorted<string>) => Promise<Page<unknown>>;
type ListCase = { name: string; sorts: Array<[string, SortOrder]>; load: Load };

const LIMIT = 6; // 250 users: a short last page

/** A list call's rows, the user histories' shape made a page. */
const history = async (
  read: Promise<{ remittances: unknown[] }>,
  total: (r: never) => number,
): Promise<Page<unknown>> => {
  const r = await read;
  return { rows: r.remittances, totalRecords: total(r as never) };
};

async function cases(): Promise<ListCase[]> {
  const saver = await db
    .selectFrom('saving_remittances')
    .select('end_user_id as id')
    .groupBy('end_user_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('end_user_id')
    .executeTakeFirstOrThrow();
  const affiliate = await db
    .selectFrom('affiliate_remittances')
    .select('end_user_id as id')
    .groupBy('end_user_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('end_user_id')
    .executeTakeFirstOrThrow();
  const withdrawer = await db
    .selectFrom('withdrawal_requests')
    .select('end_user_id as id')
    .groupBy('end_user_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('end_user_id')
    .executeTakeFirstOrThrow();
  const both = (...targets: string[]) =>
    targets.flatMap((target) => [
      [target, 'asc'] as [string, SortOrder],
      [target, 'desc'] as [string, SortOrder],
    ]);
  const as = <T extends string>(p: Sorted<string>) => p as Sorted<T>;
  return [
    {
      name: 'users',
      sorts: both('id', 'cardStatus', 'forceClubIdHash', 'totalBuyAmountUsd', 'userName'),
      load: (p) => listUsers(db, {}, as(p)),
    },
    {
      name: 'users, two card statuses (the merged page)',
      sorts: both('registeredAt', 'totalBuyAmountUsd', 'id', 'totalSentAmount'),
      load: (p) => listUsers(db, { cardStatus: [0, 1] }, as(p)),
    },
    {
      name: 'users, one card status (its own index, or read first and sorted)',
      sorts: both('totalBuyAmountUsd', 'totalOwl'),
      load: (p) => listUsers(db, { cardStatus: [1] }, as(p)),
    },
    {
      name: 'users, a name prefix (the fenced page)',
      sorts: both('totalBuyAmountUsd', 'userName', 'email'),
      load: (p) => listUsers(db, { userName: 'a' }, as(p)),
    },
    {
      name: 'payments',
      sorts: both('userPaymentId', 'confirmedAt', 'assetFixedAt'),
      load: (p) => listPayments(db, {}, as(p)),
    },
    {
      name: 'payments, one status',
      sorts: both('confirmedAt'),
      load: (p) => listPayments(db, { paymentStatus: 'asset_fixed' }, as(p)),
    },
    ...WITHDRAWAL_KINDS.slice(0, 2).map((kind): ListCase => ({
      name: `withdrawals ${kind}`,
      sorts: both('requestedAt', 'id', 'amount', 'status'),
      load: (p) => listWithdrawals(db, { kind }, as(p)),
    })),
    {
      name: "a user's withdrawals",
      sorts: both('requestedAt', 'id'),
      load: (p) => listUserWithdrawalsPage(db, { userId: withdrawer.id }, as(p)),
    },
    {
      name: 'support',
      sorts: both('contactedAt', 'statusChangedAt', 'id', 'openFirst'),
      load: (p) => listContacts(db, {}, as(p)),
    },
    {
      name: 'coin-saving remittances',
      sorts: both('confirmedAt'),
      load: (p) => listSavingRemittances(db, {}, as(p)),
    },
    {
      name: 'referral-plan remittances',
      sorts: both('confirmedAt'),
      load: (p) => listAffiliateRemittances(db, {}, as(p)),
    },
    {
      name: 'deposit addresses',
      sorts: both('id'),
      load: (p) => listSavingAddresses(db, {}, as(p)),
    },
    {
      name: 'referral-plan aggregates',
      sorts: both('id', 'totalSentHec'),
      load: (p) => listAffiliateAggregates(db, {}, as(p)),
    },
    {
      name: 'track records',
      sorts: both('userId', 'numberOfChildren'),
      load: (p) => listAffiliateTrackRecords(db, {}, as(p)),
    },
    {
      name: "a user's coin-saving history",
      sorts: both('confirmedAt'),
      load: (p) =>
        history(
          findUserSavingRemittanceHistory(db, saver.id, as(p)),
          (r: { totalRecords: string }) => Number(r.totalRecords),
        ),
    },
    {
      name: "a user's referral-plan history",
      sorts: both('confirmedAt'),
      load: (p) =>
        history(
          findUserAffiliateRemittanceHistory(db, affiliate.id, as(p)),
          (r: { totals?: { numberOfRemittances: number } }) => r.totals?.numberOfRemittances ?? 0,
        ),
    },
  ];
}

describe('pages read from the nearer end', () => {
  it('answer the rows an OFFSET query answers: first, middle, last, past the end, every page', async () => {
    for (const c of await cases()) {
      for (const [target, orderBy] of c.sorts) {
        const sort = { target, orderBy };
        const total = (await c.load({ limit: 1, offset: 0, sort })).totalRecords;
        const label = `${c.name}, ${target} ${orderBy} (${total} rows)`;
        expect(total, label).toBeGreaterThanOrEqual(4);
        // At least three pages, the last a short one where the total allows.
        const limit = total > 3 * LIMIT ? LIMIT : Math.floor((total - 1) / 3);
        const forward = (offset: number) => c.load({ limit, offset, sort });
        const last = Math.floor((total - 1) / limit) * limit;
        const middle = Math.floor(total / 2 / limit) * limit;
        // Every page of a short list, else the first pages, the middle ones and the last one.
        const offsets = new Set<number>();
        for (let o = 0; o <= last; o += limit)
          if (total <= 60 || o <= limit || Math.abs(o - middle) <= limit || o === last)
            offsets.add(o);
        for (const offset of offsets) {
          const read = await readFromNearerEnd({ limit, offset, sort }, c.load, 0);
          expect(read.offset, `${label}, offset ${offset}`).toBe(offset);
          expect(read.answer.rows, `${label}, offset ${offset}`).toEqual(
            (await forward(offset)).rows,
          );
          expect(read.answer.totalRecords, label).toBe(total);
        }
        for (const beyond of [last + limit, total, 50_000 * limit]) {
          const read = await readFromNearerEnd({ limit, offset: beyond, sort }, c.load, 0);
          expect(read.offset, `${label}, past the end at ${beyond}`).toBe(last);
          expect(read.answer.rows, `${label}, past the end`).toEqual((await forward(last)).rows);
        }
      }
    }
  }, 300_000);

  it('an empty list answers its first page wherever asked', async () => {
    const sort = { target: 'id', orderBy: 'desc' as const };
    const load: Load = (p) => listUsers(db, { inviteCode: 'NO-SUCH-CODE' }, p as Sorted<'id'>);
    for (const offset of [0, 7, 5_000])
      for (const near of [0, 1_000])
        expect(await readFromNearerEnd({ limit: LIMIT, offset, sort }, load, near)).toMatchObject({
          offset: 0,
          answer: { rows: [], totalRecords: 0 },
        });
  });
});

describe('every list call over GraphQL', () => {
  const PAYMENTS = `query ($pagination: PaginationInput) {
    userPayments(input: { pagination: $pagination }) {
      list { userPaymentId confirmedAt }
      pagination { limit offset totalRecords sort { target orderBy } }
    }
  }`;
  type Payments = {
    userPayments: {
      list: Array<{ userPaymentId: string }>;
      pagination: { offset: number; totalRecords: number };
    };
  };

  it('reads a page past the middle from the other end: the OFFSET rows', async () => {
    const sort = { target: 'confirmedAt' as const, orderBy: 'desc' as const };
    const { totalRecords } = await listPayments(db, {}, { limit: 1, offset: 0, sort });
    expect(totalRecords).toBeGreaterThan(1_100);
    for (const offset of [1_020, totalRecords - 20, totalRecords - 3]) {
      const res = await t.gql<Payments>(
        PAYMENTS,
        { pagination: { limit: 20, offset, sort: { target: 'confirmedAt', orderBy: 'DESC' } } },
        token,
      );
      expect(res.errors).toBeUndefined();
      const plain = await listPayments(db, {}, { limit: 20, offset, sort });
      expect(res.data!.userPayments.pagination.offset).toBe(offset);
      expect(res.data!.userPayments.list.map((p) => p.userPaymentId)).toEqual(
        plain.rows.map((p) => String(p.userPaymentId)),
      );
    }
  });

  it('answers the last page, and says so, for a page past the end (?page=99999)', async () => {
    const USERS = `query ($pagination: PaginationInput) {
      users(pagination: $pagination) { list { id } pagination { offset totalRecords } }
    }`;
    type Users = {
      users: { list: Array<{ id: number }>; pagination: { offset: number; totalRecords: number } };
    };
    const far = await t.gql<Users>(
      USERS,
      { pagination: { limit: 20, offset: 99_998 * 20 } },
      token,
    );
    expect(far.errors).toBeUndefined();
    const { totalRecords, offset } = far.data!.users.pagination;
    expect(totalRecords).toBe(250);
    expect(offset).toBe(240);
    const last = await t.gql<Users>(USERS, { pagination: { limit: 20, offset: 240 } }, token);
    expect(far.data!.users.list).toEqual(last.data!.users.list);
    expect(far.data!.users.list).toHaveLength(10);
    // Just past the end, where the forward read finds no rows.
    const next = await t.gql<Users>(USERS, { pagination: { limit: 20, offset: 260 } }, token);
    expect(next.data!.users.pagination.offset).toBe(240);
    expect(next.data!.users.list).toEqual(last.data!.users.list);
  });
});
