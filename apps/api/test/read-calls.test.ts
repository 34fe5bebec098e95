import { sql, type RawBuilder } from 'kysely';
import { compareDecimals } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { DIRECT_MAX_ROWS, USERS_SORT_TARGETS } from '../src/modules/users/users-repository';
import { issueToken } from './admin-fixtures';
import { startTestApp, type GraphQLResponse, type TestApp } from './test-app';

// The read calls, over real HTTP, against the generated demo population (both engines).
let t: TestApp;
let token: string;
let busy: { id: number; user_name: string };

async function call<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResponse<T>> {
  return t.gql<T>(query, variables, token);
}

async function ok<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const result = await call<T>(query, variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data as T;
}

/** The first error's code and message. */
async function fails(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ code: string | undefined; message: string }> {
  const result = await call(query, variables);
  expect(result.errors?.length, `expected an error from ${query}`).toBeGreaterThan(0);
  const error = result.errors![0]!;
  return { code: error.extensions?.code, message: error.message };
}

async function rows<R>(query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(t.database.db)).rows;
}

async function count(query: RawBuilder<{ n: string | number }>): Promise<number> {
  return Number((await rows(query))[0]!.n);
}

type UserList = {
  users: {
    list: { id: number; userName: string; cardStatus: number; totalBuyAmountUsd: string }[];
    pagination: {
      totalRecords: number;
      limit: number;
      offset: number;
      sort: { target: string; orderBy: string };
    };
  };
};

const USERS = `query Users($userName: String, $inviteCode: String, $email: String, $forceClubIdHash: String,
  $min: Decimal, $max: Decimal, $cardStatus: [Int!], $pagination: PaginationInput) {
  users(userName: $userName, inviteCode: $inviteCode, email: $email, forceClubIdHash: $forceClubIdHash,
    totalBuyAmountMoreThanOrEqual: $min, totalBuyAmountLessThanOrEqual: $max, cardStatus: $cardStatus, pagination: $pagination) {
    list { id userName cardStatus totalBuyAmountUsd aubeUserInfo { email forceClubIdHash } userDetail { defaultLocale } }
    pagination { limit offset totalRecords sort { target orderBy } }
  }
}`;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db);
  token = await issueToken(t.database, 'reader@example.com');
  [busy] = (await rows(sql<{ id: number; user_name: string }>`
    SELECT id, user_name FROM end_users
    WHERE payment_count > 3 AND total_sent_amount > 0 AND affiliate_remittance_count > 0 AND parent_id IS NOT NULL AND children_count > 0
    ORDER BY id LIMIT 1`)) as [{ id: number; user_name: string }];
  expect(busy).toBeDefined();
});

afterAll(async () => {
  await t?.close();
});

describe('users', () => {
  it('lists 20 users newest id first by default, with the exact total', async () => {
    const data = await ok<UserList>(USERS);
    const ids = await rows(sql<{ id: number }>`SELECT id FROM end_users ORDER BY id DESC LIMIT 20`);
    expect(data.users.list.map((u) => u.id)).toEqual(ids.map((r) => r.id));
    expect(data.users.pagination).toMatchObject({
      limit: 20,
      offset: 0,
      sort: { target: 'id', orderBy: 'DESC' },
    });
    expect(data.users.pagination.totalRecords).toBe(
      await count(sql`SELECT count(*) AS n FROM end_users`),
    );
  });

  const someUser = async () =>
    (
      await rows(sql<{
        user_name: string;
        email: string;
        invite_code: string;
        force_club_id_hash: string;
      }>`
      SELECT user_name, email, invite_code, force_club_id_hash FROM end_users WHERE force_club_id_hash IS NOT NULL ORDER BY id LIMIT 1 OFFSET 17`)
    )[0]!;

  it('filters by each filter alone; totals equal a plain SQL count and rows match', async () => {
    const u = await someUser();
    const prefix = u.user_name.slice(0, 2);
    const emailPrefix = u.email.slice(0, 3);
    const cases: Array<
      [Record<string, unknown>, RawBuilder<{ id: number }>, RawBuilder<{ n: string }>]
    > = [
      [
        { userName: prefix.toUpperCase() },
        sql`SELECT id FROM end_users WHERE lower(user_name) LIKE ${prefix.toLowerCase() + '%'} ORDER BY id DESC LIMIT 20`,
        sql`SELECT count(*) AS n FROM end_users WHERE lower(user_name) LIKE ${prefix.toLowerCase() + '%'}`,
      ],
      [
        { email: emailPrefix },
        sql`SELECT id FROM end_users WHERE lower(email) LIKE ${emailPrefix.toLowerCase() + '%'} ORDER BY id DESC LIMIT 20`,
        sql`SELECT count(*) AS n FROM end_users WHERE lower(email) LIKE ${emailPrefix.toLowerCase() + '%'}`,
      ],
      [
        { inviteCode: u.invite_code.toLowerCase() },
        sql`SELECT id FROM end_users WHERE invite_code = ${u.invite_code}`,
        sql`SELECT 1 AS n`,
      ],
      [
        { forceClubIdHash: u.force_club_id_hash },
        sql`SELECT id FROM end_users WHERE force_club_id_hash = ${u.force_club_id_hash}`,
        sql`SELECT 1 AS n`,
      ],
      [
        { min: '1000' },
        sql`SELECT id FROM end_users WHERE total_buy_amount_usd >= 1000 ORDER BY id DESC LIMIT 20`,
        sql`SELECT count(*) AS n FROM end_users WHERE total_buy_amount_usd >= 1000`,
      ],
      [
        { max: '500.50' },
        sql`SELECT id FROM end_users WHERE total_buy_amount_usd <= 500.50 ORDER BY id DESC LIMIT 20`,
        sql`SELECT count(*) AS n FROM end_users WHERE total_buy_amount_usd <= 500.50`,
      ],
      [
        { cardStatus: [4, 6] },
        sql`SELECT id FROM end_users WHERE card_status IN (4, 6) ORDER BY id DESC LIMIT 20`,
        sql`SELECT count(*) AS n FROM end_users WHERE card_status IN (4, 6)`,
      ],
      [
        { cardStatus: [0] },
        sql`SELECT id FROM end_users WHERE card_status = 0 ORDER BY id DESC LIMIT 20`,
        sql`SELECT count(*) AS n FROM end_users WHERE card_status = 0`,
      ],
    ];
    for (const [variables, idsQuery, countQuery] of cases) {
      const data = await ok<UserList>(USERS, variables);
      const expectedIds = (await rows(idsQuery)).map((r) => r.id);
      expect(expectedIds.length, JSON.stringify(variables)).toBeGreaterThan(0);
      expect(
        data.users.list.map((r) => r.id),
        JSON.stringify(variables),
      ).toEqual(expectedIds);
      expect(data.users.pagination.totalRecords, JSON.stringify(variables)).toBe(
        await count(countQuery),
      );
    }
  });

  it('the demo population has users of every card status, Black (6) included', async () => {
    // The card status filter shows something for every chip (issue 17).
    for (const status of [0, 1, 2, 3, 4, 5, 6]) {
      const data = await ok<UserList>(USERS, { cardStatus: [status], pagination: { limit: 1 } });
      expect(data.users.pagination.totalRecords, `card status ${status}`).toBeGreaterThan(0);
      expect(data.users.list[0]!.cardStatus).toBe(status);
    }
  });

  it('combines filters (AND)', async () => {
    const data = await ok<UserList>(USERS, {
      min: '100',
      max: '20000',
      cardStatus: [1, 2, 3],
      pagination: { limit: 50 },
    });
    const expected = await rows(sql<{ id: number }>`
      SELECT id FROM end_users WHERE total_buy_amount_usd BETWEEN 100 AND 20000 AND card_status IN (1, 2, 3) ORDER BY id DESC LIMIT 50`);
    expect(data.users.list.map((u) => u.id)).toEqual(expected.map((r) => r.id));
    expect(data.users.pagination.totalRecords).toBe(
      await count(
        sql`SELECT count(*) AS n FROM end_users WHERE total_buy_amount_usd BETWEEN 100 AND 20000 AND card_status IN (1, 2, 3)`,
      ),
    );
    for (const u of data.users.list) expect([1, 2, 3]).toContain(u.cardStatus);
  });

  it('sorts by every target both ways, ties broken by id', async () => {
    const columns: Record<string, string> = {
      id: 'id',
      userName: 'lower(user_name)',
      registeredAt: 'registered_at',
      totalBuyAmountUsd: 'total_buy_amount_usd',
      totalHECStakedAmount: 'total_hec_staked_amount',
      totalETHStakedAmount: 'total_eth_staked_amount',
      totalSentAmount: 'total_sent_amount',
      totalOwl: 'total_owl',
      inviteCode: 'invite_code',
      email: 'lower(email)',
      forceClubIdHash: 'force_club_id_hash',
      cardStatus: 'card_status',
      savingRewardsRate: 'saving_rewards_rate',
      referralRate: 'referral_rate',
    };
    // Every sort target the API accepts is checked here.
    expect(Object.keys(columns).sort()).toEqual([...USERS_SORT_TARGETS].sort());
    // A first page is read directly, a deeper one page first (its ids, then its rows).
    for (const offset of [40, DIRECT_MAX_ROWS + 10]) {
      for (const [target, column] of Object.entries(columns)) {
        for (const orderBy of ['ASC', 'DESC'] as const) {
          const data = await ok<UserList>(USERS, {
            pagination: { limit: 30, offset, sort: { target, orderBy } },
          });
          const tie = ['id', 'userName', 'inviteCode'].includes(target) ? '' : `, id ${orderBy}`;
          const expected = await rows(
            sql<{
              id: number;
            }>`SELECT id FROM end_users ORDER BY ${sql.raw(column)} ${sql.raw(orderBy)}${sql.raw(tie)} LIMIT 30 OFFSET ${offset}`,
          );
          expect(expected).toHaveLength(30);
          expect(
            data.users.list.map((u) => u.id),
            `${target} ${orderBy} from ${offset}`,
          ).toEqual(expected.map((r) => r.id));
          expect(data.users.pagination.sort).toEqual({ target, orderBy });
        }
      }
    }
  });

  it('sorts a filtered list both ways (page first for selective filters; a card-status filter directly, then page first)', async () => {
    // An amount range is selective: its matches are fenced and sorted whatever the page. The
    // card status alone is not: its first pages are read directly, deeper ones page first.
    const filters = [
      {
        filter: { min: '100', cardStatus: [1, 2, 3, 4] },
        where: sql`total_buy_amount_usd >= 100 AND card_status IN (1, 2, 3, 4)`,
      },
      { filter: { cardStatus: [1, 2] }, where: sql`card_status IN (1, 2)` },
    ];
    for (const { filter, where } of filters) {
      for (const [target, column] of [
        ['registeredAt', 'registered_at'],
        ['userName', 'lower(user_name) COLLATE "C"'],
        ['totalOwl', 'total_owl'],
        ['id', 'id'],
      ] as const) {
        for (const [orderBy, offset] of [
          ['ASC', 30],
          ['DESC', 30],
          ['ASC', DIRECT_MAX_ROWS],
          ['DESC', DIRECT_MAX_ROWS],
        ] as const) {
          const data = await ok<UserList>(USERS, {
            ...filter,
            pagination: { limit: 15, offset, sort: { target, orderBy } },
          });
          const tie = target === 'id' || target === 'userName' ? '' : `, id ${orderBy}`;
          const expected = await rows(sql<{ id: number }>`
            SELECT id FROM end_users WHERE ${where}
            ORDER BY ${sql.raw(column)} ${sql.raw(orderBy)}${sql.raw(tie)} LIMIT 15 OFFSET ${offset}`);
          expect(expected).toHaveLength(15);
          expect(
            data.users.list.map((u) => u.id),
            `${JSON.stringify(filter)} ${target} ${orderBy} from ${offset}`,
          ).toEqual(expected.map((r) => r.id));
        }
      }
    }
  });

  it('sorts a name prefix by name and an email prefix by email, both ways, in byte order', async () => {
    // One letter matches many users: the page comes from one range of the "C" key index.
    for (const [filter, column, target] of [
      [{ userName: 'A' }, 'user_name', 'userName'],
      [{ email: 'a' }, 'email', 'email'],
    ] as const) {
      for (const orderBy of ['ASC', 'DESC'] as const) {
        const data = await ok<UserList>(USERS, {
          ...filter,
          pagination: { limit: 10, offset: 5, sort: { target, orderBy } },
        });
        const key = sql.raw(`lower(${column}) COLLATE "C"`);
        const expected = await rows(sql<{ id: number }>`
          SELECT id FROM end_users WHERE lower(${sql.raw(column)}) LIKE 'a%'
          ORDER BY ${key} ${sql.raw(orderBy)}, id ${sql.raw(orderBy)} LIMIT 10 OFFSET 5`);
        expect(expected).toHaveLength(10);
        expect(
          data.users.list.map((u) => u.id),
          `${target} ${orderBy}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
  });

  it('answers the last page for a page past the end, and a short last page, with the same total', async () => {
    const [busiest] = await rows(
      sql<{
        card_status: number;
      }>`SELECT card_status FROM end_users GROUP BY card_status HAVING count(*) % 20 <> 0 ORDER BY count(*) DESC LIMIT 1`,
    );
    const status = busiest!.card_status;
    const total = await count(
      sql`SELECT count(*) AS n FROM end_users WHERE card_status = ${status}`,
    );
    expect(total).toBeGreaterThan(20);
    const past = await ok<UserList>(USERS, {
      cardStatus: [status],
      pagination: { offset: total + 100 },
    });
    expect(past.users.pagination.totalRecords).toBe(total);
    const lastOffset = Math.floor((total - 1) / 20) * 20;
    const last = await ok<UserList>(USERS, {
      cardStatus: [status],
      pagination: { offset: lastOffset },
    });
    expect(last.users.list).toHaveLength(total - lastOffset);
    // A page past the end answers the last page (shared/page.ts, readFromNearerEnd).
    expect(past.users.list).toEqual(last.users.list);
    expect(last.users.pagination.totalRecords).toBe(total);
    const all = await ok<UserList>(USERS, { cardStatus: [status], pagination: { limit: 500 } });
    expect(all.users.list).toHaveLength(Math.min(total, 500));
  });

  it('refuses malformed filters with BAD_USER_INPUT naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ min: '-1' }, /totalBuyAmountMoreThanOrEqual/],
      [{ max: '-0.01' }, /totalBuyAmountLessThanOrEqual/],
      [{ min: '500', max: '100' }, /totalBuyAmountMoreThanOrEqual/],
      [{ cardStatus: [7] }, /cardStatus/],
      [{ cardStatus: [-1] }, /cardStatus/],
      [{ pagination: { limit: 501 } }, /limit/],
      [{ pagination: { limit: 0 } }, /limit/],
      [{ pagination: { offset: -1 } }, /offset/],
      [{ pagination: { sort: { target: 'password' } } }, /sort\.target/],
    ];
    for (const [variables, pattern] of cases) {
      const error = await fails(USERS, variables);
      expect(error.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(error.message, JSON.stringify(variables)).toMatch(pattern);
    }
    // Not a decimal at all: refused by the Decimal scalar before the resolver, naming the variable.
    const scalar = await fails(USERS, { min: 'abc' });
    expect(scalar.message).toMatch(/\$min/);
    expect(scalar.code).toBe('BAD_USER_INPUT');
    // A number where a decimal string belongs, and a card status that is not an integer.
    for (const variables of [{ max: 12.5 }, { cardStatus: ['gold'] }]) {
      expect(await fails(USERS, variables), JSON.stringify(variables)).toMatchObject({
        code: 'BAD_USER_INPUT',
      });
    }
    // The same refusal when the bad decimal is written in the query text itself.
    const literal = await fails('{ users(totalBuyAmountMoreThanOrEqual: "1e3") { list { id } } }');
    expect(literal).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(literal.message).toMatch(/Decimal/);
  });

  it('userNames: the light variant for pickers, by name', async () => {
    const data = await ok<{
      userNames: { list: { id: number; userName: string }[]; pagination: { totalRecords: number } };
    }>(
      '{ userNames(userName: "a", pagination: { limit: 10 }) { list { id userName } pagination { totalRecords } } }',
    );
    const expected = await rows(
      sql<{
        id: number;
      }>`SELECT id FROM end_users WHERE lower(user_name) LIKE 'a%' ORDER BY lower(user_name) LIMIT 10`,
    );
    expect(data.userNames.list.map((u) => u.id)).toEqual(expected.map((r) => r.id));
    expect(data.userNames.pagination.totalRecords).toBe(
      await count(sql`SELECT count(*) AS n FROM end_users WHERE lower(user_name) LIKE 'a%'`),
    );
  });
});

describe('user detail calls', () => {
  it('answer every section of a user with records everywhere, consistent with the records', async () => {
    const id = busy.id;
    const data = await ok<Record<string, Record<string, unknown>>>(
      `query D($id: Int!) {
        user(userId: $id) { id userName parentUserName aubeUserInfo { email } }
        userAsset(userId: $id) { totalBuyAmountUsd totalHECAffiliateReward totalHECStakingReward }
        userHecSavingDetail(input: { userId: $id }) { oneYearPlanRate oneYearPlanPrincipal totalRewards userPreBonusRate userCardStatusBonusRate }
        userReferralPlanDetail(input: { userId: $id }) { totalRemittedHec numberOfRemittances rewardRate referralRewards }
        userStakingInfo(userId: $id) { stakingInfos { planId currentBalance } remittanceHistories { id sentHec } }
        userHecSavingRemittanceHistory(userId: $id) { remittances { id sentHec planName } totalSentHec totalOneYearPlanHec totalTwoYearsPlanHec pagination { totalRecords } }
        userAffiliateSavingRemittanceHistory(userId: $id) { remittances { id sentHec } totalSentHec totalUsdValuation pagination { totalRecords } }
        userRewardSnapshot(userId: $id) { rewardDate remittances { confirmedDate maturityDate amount plan } totalSentHec totalOwlReward }
      }`,
      { id },
    );
    expect(data.user).toMatchObject({ id, userName: busy.user_name });
    const sums = (
      await rows(sql<{ buy: string; sent: string; n: string; aff: string; affn: string }>`
      SELECT (SELECT coalesce(sum(paid_usd), 0) FROM payments WHERE end_user_id = ${id} AND status IN ('confirmed', 'asset_fixed'))::text AS buy,
             (SELECT coalesce(sum(sent_hec), 0) FROM saving_remittances WHERE end_user_id = ${id})::text AS sent,
             (SELECT count(*) FROM saving_remittances WHERE end_user_id = ${id}) AS n,
             (SELECT coalesce(sum(sent_hec), 0) FROM affiliate_remittances WHERE end_user_id = ${id})::text AS aff,
             (SELECT count(*) FROM affiliate_remittances WHERE end_user_id = ${id}) AS affn`)
    )[0]!;
    // Exact comparison ('12.50' equals '12.5'); a float would hide lost digits.
    const same = (a: unknown, b: string) => compareDecimals(a as string, b);
    expect(same(data.userAsset!.totalBuyAmountUsd, sums.buy)).toBe(0);
    const saving = data.userHecSavingRemittanceHistory as {
      totalSentHec: string;
      pagination: { totalRecords: number };
      remittances: unknown[];
    };
    expect(same(saving.totalSentHec, sums.sent)).toBe(0);
    expect(saving.pagination.totalRecords).toBe(Number(sums.n));
    expect(saving.remittances.length).toBe(Math.min(20, Number(sums.n)));
    const affiliate = data.userAffiliateSavingRemittanceHistory as {
      totalSentHec: string;
      pagination: { totalRecords: number };
    };
    expect(same(affiliate.totalSentHec, sums.aff)).toBe(0);
    expect(affiliate.pagination.totalRecords).toBe(Number(sums.affn));
    expect(
      (data.userReferralPlanDetail as { numberOfRemittances: number }).numberOfRemittances,
    ).toBe(Number(sums.affn));
    const snapshot = data.userRewardSnapshot as {
      rewardDate: string;
      remittances: { confirmedDate: string; maturityDate: string }[];
    };
    expect(snapshot.rewardDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(snapshot.remittances.length).toBeGreaterThan(0);
    expect(snapshot.remittances[0]!.confirmedDate).toMatch(/^\d{13}$/); // epoch milliseconds
  });

  it('answers the reward snapshot of a given date and plan, and refuses a bad date', async () => {
    const [row] = await rows(sql<{ d: string; plan: number }>`
      SELECT to_char(reward_date, 'YYYY-MM-DD') AS d, saving_plan_id AS plan FROM reward_snapshots WHERE end_user_id = ${busy.id} ORDER BY reward_date LIMIT 1`);
    const data = await ok<{
      userRewardSnapshot: { rewardDate: string; remittances: { planId: number }[] };
    }>(
      'query S($id: Int!, $d: String, $p: Int) { userRewardSnapshot(userId: $id, rewardDate: $d, planId: $p) { rewardDate remittances { planId } } }',
      { id: busy.id, d: row!.d, p: row!.plan },
    );
    expect(data.userRewardSnapshot.rewardDate).toBe(row!.d);
    expect(data.userRewardSnapshot.remittances.map((r) => r.planId)).toEqual([row!.plan]);
    for (const bad of ['2026-13-01', 'yesterday', '2026-02-30']) {
      const error = await fails(
        'query S($d: String) { userRewardSnapshot(userId: 1, rewardDate: $d) { rewardDate } }',
        { d: bad },
      );
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(error.message).toMatch(/rewardDate/);
    }
  });

  it('answers NOT_FOUND for an unknown user id on every per-user call', async () => {
    const calls = [
      'user(userId: 99999999) { id }',
      'userAsset(userId: 99999999) { totalBuyAmountUsd }',
      'userHecSavingDetail(input: { userId: 99999999 }) { totalRewards }',
      'userReferralPlanDetail(input: { userId: 99999999 }) { totalRemittedHec }',
      'userStakingInfo(userId: 99999999) { stakingInfos { planId } }',
      'userHecSavingRemittanceHistory(userId: 99999999) { totalSentHec }',
      'userAffiliateSavingRemittanceHistory(userId: 99999999) { totalSentHec }',
      'userRewardSnapshot(userId: 99999999) { rewardDate }',
      'userReferralRelationship(userId: 99999999) { totalChildren }',
      'referralTree(userId: 99999999) { totalChildren }',
      'referralTree(userName: "no-such-user-xyz") { totalChildren }',
    ];
    for (const c of calls) {
      const error = await fails(`{ ${c} }`);
      expect(error.code, c).toBe('NOT_FOUND');
      expect(error.message, c).toMatch(/User .* was not found\./);
    }
    const negative = await fails('{ user(userId: -3) { id } }');
    expect(negative).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

type PaymentList = {
  userPayments: {
    list: { userPaymentId: string; status: string; userId: number }[];
    pagination: { totalRecords: number };
  };
};
const PAYMENTS = `query P($input: UserPaymentsInput) { userPayments(input: $input) { list { userPaymentId status userId confirmedAt assetFixedAt paidUsd } pagination { totalRecords } } }`;

describe('userPayments', () => {
  it('filters by each filter alone and combined; totals equal a plain SQL count', async () => {
    const from = '2026-03-01T00:00:00.000Z';
    const until = '2026-05-31T23:59:59.999Z';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'true'],
      [{ userId: busy.id }, `end_user_id = ${busy.id}`],
      [{ userName: busy.user_name.toUpperCase() }, `end_user_id = ${busy.id}`],
      [{ paymentStatus: 'canceled' }, `status = 'canceled'`],
      [{ paymentStatus: 'asset_fixed' }, `status = 'asset_fixed'`],
      [{ confirmedAtFrom: from }, `confirmed_at >= '${from}'`],
      [
        { confirmedAtFrom: from, confirmedAtUntil: until },
        `confirmed_at BETWEEN '${from}' AND '${until}'`,
      ],
      [
        { assetFixedAtFrom: from, assetFixedAtUntil: until },
        `asset_fixed_at BETWEEN '${from}' AND '${until}'`,
      ],
      [
        { paymentStatus: 'asset_fixed', confirmedAtFrom: from, confirmedAtUntil: until },
        `status = 'asset_fixed' AND confirmed_at BETWEEN '${from}' AND '${until}'`,
      ],
    ];
    for (const [input, where] of cases) {
      const data = await ok<PaymentList>(PAYMENTS, { input });
      const expected = await rows(
        sql<{
          id: string;
        }>`SELECT p.id::text AS id FROM payments p WHERE ${sql.raw(where)} ORDER BY p.id DESC LIMIT 20`,
      );
      expect(
        data.userPayments.list.map((p) => p.userPaymentId),
        where,
      ).toEqual(expected.map((r) => r.id));
      expect(data.userPayments.pagination.totalRecords, where).toBe(
        await count(sql`SELECT count(*) AS n FROM payments WHERE ${sql.raw(where)}`),
      );
      expect(expected.length, where).toBeGreaterThan(0);
    }
  });

  it('sorts by confirmedAt and assetFixedAt both ways', async () => {
    for (const [target, column] of [
      ['confirmedAt', 'confirmed_at'],
      ['assetFixedAt', 'asset_fixed_at'],
      ['userPaymentId', 'id'],
    ] as const) {
      for (const orderBy of ['ASC', 'DESC'] as const) {
        const data = await ok<PaymentList>(PAYMENTS, {
          input: { pagination: { limit: 25, offset: 100, sort: { target, orderBy } } },
        });
        const tie = target === 'userPaymentId' ? '' : `, p.id ${orderBy}`;
        const expected = await rows(
          sql<{
            id: string;
          }>`SELECT p.id::text AS id FROM payments p ORDER BY p.${sql.raw(column)} ${sql.raw(orderBy)}${sql.raw(tie)} LIMIT 25 OFFSET 100`,
        );
        expect(
          data.userPayments.list.map((p) => p.userPaymentId),
          `${target} ${orderBy}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
  });

  it('refuses malformed filters naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ paymentStatus: 'paid' }, /paymentStatus/],
      [
        {
          confirmedAtFrom: '2026-05-01T00:00:00.000Z',
          confirmedAtUntil: '2026-04-01T00:00:00.000Z',
        },
        /confirmedAtFrom/,
      ],
      [{ userId: 0 }, /userId/],
      [{ pagination: { sort: { target: 'paidUsd' } } }, /sort\.target/],
    ];
    for (const [input, pattern] of cases) {
      const error = await fails(PAYMENTS, { input });
      expect(error.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(error.message).toMatch(pattern);
    }
    const badDate = await fails(PAYMENTS, { input: { assetFixedAtFrom: 'not-a-date' } });
    expect(badDate.message).toMatch(/assetFixedAtFrom/);
  });
});

describe('referral', () => {
  type Node = {
    id: number;
    userName: string;
    registeredAt: string;
    childrenCount: number;
    descendantsCount: number;
  };
  const TREE = `query T($userName: String, $userId: Int, $limit: Int, $offset: Int) {
    referralTree(userName: $userName, userId: $userId, childrenLimit: $limit, childrenOffset: $offset) {
      parent { id userName } user { id userName childrenCount descendantsCount }
      children { id userName registeredAt childrenCount descendantsCount } totalChildren
    } }`;

  it('shows parent, user and children with counts equal to the tree, and expands a child lazily', async () => {
    const [widest] = await rows(sql<{ id: number; user_name: string; parent_id: number | null }>`
      SELECT id, user_name, parent_id FROM end_users ORDER BY children_count DESC, id LIMIT 1`);
    const data = await ok<{
      referralTree: { parent: Node | null; user: Node; children: Node[]; totalChildren: number };
    }>(TREE, { userName: widest!.user_name });
    const tree = data.referralTree;
    expect(tree.user.id).toBe(widest!.id);
    expect(tree.parent?.id ?? null).toBe(widest!.parent_id);
    expect(tree.totalChildren).toBe(
      await count(sql`SELECT count(*) AS n FROM end_users WHERE parent_id = ${widest!.id}`),
    );
    const children = await rows(
      sql<{
        id: number;
      }>`SELECT id FROM end_users WHERE parent_id = ${widest!.id} ORDER BY registered_at, id LIMIT 100`,
    );
    expect(tree.children.map((c) => c.id)).toEqual(children.map((c) => c.id));
    // Descendant counts through the materialised ancestry, computed here from scratch.
    const withChildren = tree.children.filter((c) => c.childrenCount > 0).slice(0, 5);
    expect(withChildren.length).toBeGreaterThan(0);
    for (const child of withChildren) {
      expect(child.descendantsCount).toBe(
        await count(sql`SELECT count(*) AS n FROM end_users WHERE ${child.id} = ANY(ancestry)`),
      );
      const next = await ok<{
        referralTree: { parent: Node; children: Node[]; totalChildren: number };
      }>(TREE, { userId: child.id });
      expect(next.referralTree.parent.id).toBe(widest!.id);
      expect(next.referralTree.totalChildren).toBe(child.childrenCount);
    }
    const page2 = await ok<{ referralTree: { children: Node[] } }>(TREE, {
      userId: widest!.id,
      limit: 5,
      offset: 5,
    });
    expect(page2.referralTree.children.map((c) => c.id)).toEqual(
      children.slice(5, 10).map((c) => c.id),
    );
  });

  it('refuses a call without user and a bad children page', async () => {
    expect(await fails(TREE, {})).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await fails(TREE, { userId: busy.id, limit: 501 })).message).toMatch(/childrenLimit/);
    expect((await fails(TREE, { userId: busy.id, offset: -1 })).message).toMatch(/childrenOffset/);
  });

  it('userReferralRelationship: user, parent, children and rewards', async () => {
    const data = await ok<{
      userReferralRelationship: {
        user: { id: number };
        parentUser: { id: number } | null;
        childrenUsers: { userName: string; totalRemittedHec: string }[];
        totalChildren: number;
        referralRewards: string;
        bonusRewards: string;
      };
    }>(
      'query R($id: Int!) { userReferralRelationship(userId: $id) { user { id } parentUser { id } childrenUsers { avatarUrl userName registeredAt totalRemittedHec } totalChildren referralRewards bonusRewards } }',
      { id: busy.id },
    );
    const r = data.userReferralRelationship;
    expect(r.user.id).toBe(busy.id);
    expect(r.parentUser).not.toBeNull();
    expect(r.childrenUsers.length).toBe(Math.min(100, r.totalChildren));
    const [rewards] = await rows(sql<{ referral: string; bonus: string }>`
      SELECT coalesce(sum(amount) FILTER (WHERE kind = 'referral'), 0)::text AS referral, coalesce(sum(amount) FILTER (WHERE kind = 'bonus'), 0)::text AS bonus
      FROM reward_entries WHERE end_user_id = ${busy.id}`);
    expect(Number(r.referralRewards)).toBe(Number(rewards!.referral));
    expect(Number(r.bonusRewards)).toBe(Number(rewards!.bonus));
  });
});

describe('affiliate, savings and address lists', () => {
  type List = { list: Record<string, unknown>[]; pagination: { totalRecords: number } };
  const listCases: Array<{
    name: string;
    query: string;
    variables: Record<string, unknown>;
    ids: RawBuilder<{ id: string | number }>;
    total: RawBuilder<{ n: string }>;
    key: string;
  }> = [];

  beforeAll(async () => {
    const [aggregateUser] = await rows(
      sql<{
        user_name: string;
        email: string;
      }>`SELECT user_name, email FROM end_users WHERE affiliate_remittance_count > 0 ORDER BY id LIMIT 1`,
    );
    const [savingUser] = await rows(
      sql<{
        user_name: string;
        email: string;
      }>`SELECT u.user_name, u.email FROM end_users u WHERE EXISTS (SELECT 1 FROM saving_deposit_addresses a WHERE a.end_user_id = u.id) ORDER BY u.id LIMIT 1`,
    );
    listCases.push(
      {
        name: 'affiliateTrackRecords',
        key: 'userId',
        query:
          '{ affiliateTrackRecords { list { userId userName numberOfChildren parentUserName totalRemittedHec } pagination { totalRecords } } }',
        variables: {},
        ids: sql`SELECT id FROM end_users ORDER BY id DESC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM end_users`,
      },
      {
        name: 'affiliateTrackRecords',
        key: 'userId',
        query:
          'query Q($i: AffiliateListInput) { affiliateTrackRecords(input: $i) { list { userId } pagination { totalRecords } } }',
        variables: { i: { pagination: { sort: { target: 'numberOfChildren', orderBy: 'DESC' } } } },
        ids: sql`SELECT id FROM end_users ORDER BY children_count DESC, id ASC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM end_users`,
      },
      {
        name: 'affiliateSavingAggregates',
        key: 'id',
        query:
          '{ affiliateSavingAggregates { list { id username remittanceCount totalSentHec } pagination { totalRecords } } }',
        variables: {},
        ids: sql`SELECT id FROM end_users WHERE affiliate_remittance_count > 0 ORDER BY id DESC LIMIT 20`,
        total: sql`SELECT count(DISTINCT end_user_id) AS n FROM affiliate_remittances`,
      },
      {
        name: 'affiliateSavingAggregates',
        key: 'id',
        query:
          'query Q($i: AffiliateListInput) { affiliateSavingAggregates(input: $i) { list { id } pagination { totalRecords } } }',
        variables: {
          i: {
            searchParams: { userName: aggregateUser!.user_name.slice(0, 1) },
            pagination: { sort: { target: 'totalSentHec', orderBy: 'ASC' } },
          },
        },
        ids: sql`SELECT id FROM end_users WHERE affiliate_remittance_count > 0 AND lower(user_name) LIKE ${aggregateUser!.user_name.slice(0, 1).toLowerCase() + '%'} ORDER BY affiliate_sent_hec ASC, id ASC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM end_users WHERE affiliate_remittance_count > 0 AND lower(user_name) LIKE ${aggregateUser!.user_name.slice(0, 1).toLowerCase() + '%'}`,
      },
      {
        name: 'affiliateSavingRemittances',
        key: 'id',
        query:
          '{ affiliateSavingRemittances { list { id username sentHec confirmedAt } pagination { totalRecords } } }',
        variables: {},
        ids: sql`SELECT r.id::text AS id FROM affiliate_remittances r ORDER BY r.confirmed_at DESC, r.id DESC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM affiliate_remittances`,
      },
      {
        name: 'affiliateSavingRemittances',
        key: 'id',
        query:
          'query Q($i: SavingListInput) { affiliateSavingRemittances(input: $i) { list { id } pagination { totalRecords } } }',
        variables: {
          i: {
            searchParams: { userName: aggregateUser!.user_name },
            pagination: { sort: { target: 'confirmedAt', orderBy: 'ASC' } },
          },
        },
        ids: sql`SELECT r.id::text AS id FROM affiliate_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE u.user_name = ${aggregateUser!.user_name} ORDER BY confirmed_at ASC, r.id ASC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM affiliate_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE u.user_name = ${aggregateUser!.user_name}`,
      },
      {
        name: 'userSavings',
        key: 'userSavingSentValueId',
        query:
          '{ userSavings { list { userSavingSentValueId planName amountHEC } pagination { totalRecords } } }',
        variables: {},
        ids: sql`SELECT r.id::text AS id FROM saving_remittances r ORDER BY r.confirmed_at DESC, r.id DESC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM saving_remittances`,
      },
      {
        name: 'userSavings',
        key: 'userSavingSentValueId',
        query:
          'query Q($p: String) { userSavings(planName: $p) { list { userSavingSentValueId } pagination { totalRecords } } }',
        variables: { p: '' },
        ids: sql`SELECT 0 AS id`,
        total: sql`SELECT 0 AS n`,
      },
      {
        name: 'userSavings',
        key: 'userSavingSentValueId',
        query:
          'query Q($u: String) { userSavings(userName: $u, pagination: { limit: 3 }) { list { userSavingSentValueId } pagination { totalRecords } } }',
        variables: { u: savingUser!.user_name },
        ids: sql`SELECT r.id::text AS id FROM saving_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE u.user_name = ${savingUser!.user_name} ORDER BY confirmed_at DESC, r.id DESC LIMIT 3`,
        total: sql`SELECT count(*) AS n FROM saving_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE u.user_name = ${savingUser!.user_name}`,
      },
      {
        name: 'hecSavingAddresses',
        key: 'userId',
        query:
          '{ hecSavingAddresses { list { userId username oneYearPlanAddress twoYearsPlanAddress threeYearsPlanAddress fiveYearsPlanAddress generatedAt } pagination { totalRecords } } }',
        variables: {},
        ids: sql`SELECT a.end_user_id AS id FROM saving_deposit_addresses a JOIN saving_plans p ON p.id = a.saving_plan_id WHERE p.term_years = 1 ORDER BY a.id DESC LIMIT 20`,
        total: sql`SELECT count(DISTINCT end_user_id) AS n FROM saving_deposit_addresses`,
      },
      {
        name: 'hecSavingAddresses',
        key: 'userId',
        query:
          'query Q($i: SavingListInput) { hecSavingAddresses(input: $i) { list { userId } pagination { totalRecords } } }',
        variables: { i: { searchParams: { email: savingUser!.email.toUpperCase() } } },
        ids: sql`SELECT id FROM end_users WHERE user_name = ${savingUser!.user_name}`,
        total: sql`SELECT 1 AS n`,
      }, // Issue 17: name and email match from the start on every list (not only the users list),
      // and the remittance list's email filter is applied (it was ignored).
      {
        name: 'userSavings',
        key: 'userSavingSentValueId',
        query:
          'query Q($u: String) { userSavings(userName: $u) { list { userSavingSentValueId } pagination { totalRecords } } }',
        variables: { u: savingUser!.user_name.slice(0, 4).toUpperCase() },
        ids: sql`SELECT r.id::text AS id FROM saving_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE lower(u.user_name) LIKE ${savingUser!.user_name.slice(0, 4).toLowerCase() + '%'} ORDER BY confirmed_at DESC, r.id DESC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM saving_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE lower(u.user_name) LIKE ${savingUser!.user_name.slice(0, 4).toLowerCase() + '%'}`,
      },
      {
        name: 'hecSavingAddresses',
        key: 'userId',
        query:
          'query Q($i: SavingListInput) { hecSavingAddresses(input: $i) { list { userId } pagination { totalRecords } } }',
        variables: { i: { searchParams: { userName: savingUser!.user_name.slice(0, 3) } } },
        ids: sql`SELECT a.end_user_id AS id FROM saving_deposit_addresses a JOIN saving_plans p ON p.id = a.saving_plan_id JOIN end_users u ON u.id = a.end_user_id WHERE p.term_years = 1 AND lower(u.user_name) LIKE ${savingUser!.user_name.slice(0, 3).toLowerCase() + '%'} ORDER BY a.id DESC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM saving_deposit_addresses a JOIN saving_plans p ON p.id = a.saving_plan_id JOIN end_users u ON u.id = a.end_user_id WHERE p.term_years = 1 AND lower(u.user_name) LIKE ${savingUser!.user_name.slice(0, 3).toLowerCase() + '%'}`,
      },
      {
        name: 'affiliateSavingRemittances',
        key: 'id',
        query:
          'query Q($i: SavingListInput) { affiliateSavingRemittances(input: $i) { list { id } pagination { totalRecords } } }',
        variables: { i: { searchParams: { email: aggregateUser!.email.slice(0, 5) } } },
        ids: sql`SELECT r.id::text AS id FROM affiliate_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE lower(u.email) LIKE ${aggregateUser!.email.slice(0, 5).toLowerCase() + '%'} ORDER BY confirmed_at DESC, r.id DESC LIMIT 20`,
        total: sql`SELECT count(*) AS n FROM affiliate_remittances r JOIN end_users u ON u.id = r.end_user_id WHERE lower(u.email) LIKE ${aggregateUser!.email.slice(0, 5).toLowerCase() + '%'}`,
      },
    );
    // The planName case: the 2-year plan by name.
    const [plan] = await rows(
      sql<{ id: number; name: string }>`SELECT id, name FROM saving_plans WHERE term_years = 2`,
    );
    const planCase = listCases.find((c) => c.variables.p === '')!;
    planCase.variables = { p: plan!.name.toUpperCase() };
    planCase.ids = sql`SELECT r.id::text AS id FROM saving_remittances r WHERE r.saving_plan_id = ${plan!.id} ORDER BY r.confirmed_at DESC, r.id DESC LIMIT 20`;
    planCase.total = sql`SELECT count(*) AS n FROM saving_remittances WHERE saving_plan_id = ${plan!.id}`;
  });

  it('each list answers the rows and the total of a plain SQL query', async () => {
    expect(listCases.length).toBeGreaterThan(5);
    for (const c of listCases) {
      const data = await ok<Record<string, List>>(c.query, c.variables);
      const list = data[c.name]!;
      const expected = (await rows(c.ids)).map((r) => String(r.id));
      expect(expected.length, c.query).toBeGreaterThan(0);
      expect(
        list.list.map((r) => String(r[c.key])),
        `${c.query} ${JSON.stringify(c.variables)}`,
      ).toEqual(expected);
      expect(list.pagination.totalRecords, c.query).toBe(await count(c.total));
    }
  });

  it('plans and coin-saving plans', async () => {
    const data = await ok<{
      plans: { id: number; price: string; coinType: string }[];
      hecSavingPlans: { id: number; name: string; termYears: number }[];
    }>(
      '{ plans { id name description price coinType } hecSavingPlans { id name termYears rewardRate } }',
    );
    expect(data.plans.length).toBe(await count(sql`SELECT count(*) AS n FROM plans`));
    expect(data.hecSavingPlans.map((p) => p.termYears)).toEqual([1, 2, 3, 5]);
    for (const p of data.plans) expect(typeof p.price).toBe('string');
  });

  it('refuses unknown sort targets naming the field', async () => {
    for (const q of [
      '{ affiliateTrackRecords(input: { pagination: { sort: { target: "email" } } }) { pagination { totalRecords } } }',
      '{ affiliateSavingAggregates(input: { pagination: { sort: { target: "email" } } }) { pagination { totalRecords } } }',
      '{ hecSavingAddresses(input: { pagination: { limit: 1000 } }) { pagination { totalRecords } } }',
      '{ userSavings(pagination: { sort: { target: "amountHEC" } }) { pagination { totalRecords } } }',
    ]) {
      const error = await fails(q);
      expect(error.code, q).toBe('BAD_USER_INPUT');
      expect(error.message, q).toMatch(/sort\.target|limit/);
    }
  });
});

describe('access', () => {
  it('refuses every read call without a token with the spec message', async () => {
    const result = await t.gql('{ users { pagination { totalRecords } } }');
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(result.errors?.[0]?.message).toBe('Authorization error [no auth]');
  });
});
