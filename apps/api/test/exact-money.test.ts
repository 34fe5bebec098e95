import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimals, sumDecimals, toUnitScale } from '@app/shared';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { issueToken } from './admin-fixtures';
import { startTestApp, type TestApp } from './test-app';

// Issue 10, "money is exact": amounts the API computes keep every digit at their unit's scale,
// the coin-saving parts add up to their totals, and absurd amount inputs are refused at the
// scalar. Over real HTTP against the demo population, on both engines.
let t: TestApp;
let token: string;

async function rows<R>(query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(t.database.db)).rows;
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}) {
  return t.gql<T>(query, variables, token);
}

async function ok<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const result = await gql<T>(query, variables);
  expect(result.errors, JSON.stringify(result.errors)?.slice(0, 500)).toBeUndefined();
  return result.data as T;
}

/** Significant digits of a plain decimal string (what decimal.js' default of 20 cuts). */
const digits = (value: string) =>
  value
    .replace('.', '')
    .replace(/^[-0]+/, '')
    .replace(/0+$/, '').length;

type Sections = {
  userAsset: { totalHECAffiliateReward: string; totalETHAffiliateReward: string };
  userReferralPlanDetail: {
    rewardsBasedOnInterest: string;
    referralRewards: string;
    bonusRewards: string;
  };
};

const SECTIONS = `query S($id: Int!) {
  userAsset(userId: $id) { totalHECAffiliateReward totalETHAffiliateReward }
  userReferralPlanDetail(input: { userId: $id }) { rewardsBasedOnInterest referralRewards bonusRewards }
}`;

type SavingDetail = {
  userHecSavingDetail: Record<
    | `${'one' | 'two' | 'three' | 'five'}YearPlan${'Rate' | 'Principal' | 'Rewards'}`
    | 'totalRewards',
    string
  >;
};

const SAVING_DETAIL = `query D($id: Int!) {
  userHecSavingDetail(input: { userId: $id }) {
    oneYearPlanRate twoYearPlanRate threeYearPlanRate fiveYearPlanRate
    oneYearPlanPrincipal twoYearPlanPrincipal threeYearPlanPrincipal fiveYearPlanPrincipal
    oneYearPlanRewards twoYearPlanRewards threeYearPlanRewards fiveYearPlanRewards totalRewards
  }
}`;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db);
  token = await issueToken(t.database, 'reader@example.com');
});

afterAll(async () => {
  await t?.close();
});

describe('sums keep every digit', () => {
  it('asset and referral-plan sections agree to the last digit for demo users whose rewards need more than 20 digits', async () => {
    // The users the defect hit: their referral-plan reward sum has more than 20 significant digits.
    const users = await rows(sql<{ id: number; total: string }>`
      SELECT end_user_id AS id, sum(amount)::text AS total FROM reward_entries
      WHERE kind IN ('affiliate_interest', 'referral', 'bonus') AND coin_type = 'HEC'
      GROUP BY end_user_id ORDER BY end_user_id`);
    const long = users.filter((u) => digits(u.total) > 20);
    expect(long.length).toBeGreaterThan(0);
    for (const { id, total } of long.slice(0, 8)) {
      const data = await ok<Sections>(SECTIONS, { id });
      const asset = data.userAsset.totalHECAffiliateReward;
      const plan = data.userReferralPlanDetail;
      // Written at HEC's 18 places, and equal digit for digit to PostgreSQL's exact sum.
      expect(asset, `user ${id}`).toBe(toUnitScale(total, 'HEC'));
      const parts = [plan.rewardsBasedOnInterest, plan.referralRewards, plan.bonusRewards];
      expect(compareDecimals(sumDecimals(parts), asset), `user ${id}`).toBe(0);
    }
  });

  it('adds rewards with a large integer part and 18 decimals exactly', async () => {
    const [user] = await rows(sql<{ id: number }>`
      SELECT id FROM end_users u WHERE NOT EXISTS (SELECT 1 FROM reward_entries r WHERE r.end_user_id = u.id)
      ORDER BY id LIMIT 1`);
    const id = user!.id;
    await sql`INSERT INTO reward_entries (end_user_id, kind, coin_type, amount, reward_date) VALUES
      (${id}, 'affiliate_interest', 'HEC', '99999999999999999.999999999999999999', '2026-01-31'),
      (${id}, 'bonus', 'HEC', '12345678901234567.123456789012345678', '2026-01-31'),
      (${id}, 'affiliate_interest', 'HEC', '0.000000000000000001', '2026-02-28'),
      (${id}, 'staking', 'ETH', '98765432109876543.987654321098765432', '2026-02-28')`.execute(
      t.database.db,
    );
    const data = await ok<Sections>(SECTIONS, { id });
    // decimal.js' default (20 digits) gives 112345678901234567.12 here.
    expect(data.userAsset.totalHECAffiliateReward).toBe('112345678901234567.123456789012345678');
    expect(data.userAsset.totalETHAffiliateReward).toBe('0.000000000000000000');
    const plan = data.userReferralPlanDetail;
    expect(
      toUnitScale(
        sumDecimals([plan.rewardsBasedOnInterest, plan.referralRewards, plan.bonusRewards]),
        'HEC',
      ),
    ).toBe(data.userAsset.totalHECAffiliateReward);
    const staking = await ok<{ userAsset: { totalETHStakingReward: string } }>(
      'query A($id: Int!) { userAsset(userId: $id) { totalETHStakingReward } }',
      { id },
    );
    expect(staking.userAsset.totalETHStakingReward).toBe('98765432109876543.987654321098765432');
  });
});

describe('coin-saving totals', () => {
  it('totalRewards keeps all 18 decimals and the four plans add up to it', async () => {
    const [user] = await rows(sql<{ id: number }>`
      SELECT id FROM end_users ORDER BY id DESC LIMIT 1`);
    const id = user!.id;
    const plans = await rows(sql<{ id: number; term_years: number }>`
      SELECT id, term_years FROM saving_plans ORDER BY term_years`);
    expect(plans.map((p) => p.term_years)).toEqual([1, 2, 3, 5]);
    const rewards = [
      '1234567.123456789012345678',
      '7654321.876543210987654321',
      '5555555.555555555555555555',
      '9999999.999999999999999999',
    ];
    const principals = ['100.5', '200', '300.000000000000000001', '400'];
    await sql`DELETE FROM staking_positions WHERE end_user_id = ${id}`.execute(t.database.db);
    for (const [i, plan] of plans.entries()) {
      await sql`INSERT INTO staking_positions (end_user_id, saving_plan_id, coin_type, current_balance,
          deposited_aube, aube_reward, owl_reward, aube_rate, owl_rate, wallet_address)
        VALUES (${id}, ${plan.id}, 'HEC', ${principals[i]}, ${principals[i]}, ${rewards[i]}, 0, 0.05, 0, ${`0x${String(i).repeat(40)}`})`.execute(
        t.database.db,
      );
    }
    const d = (await ok<SavingDetail>(SAVING_DETAIL, { id })).userHecSavingDetail;
    // 24,444,444.555555555555555553: 26 significant digits, cut to 16 decimals before.
    expect(d.totalRewards).toBe('24444444.555555555555555553');
    expect(d.totalRewards).toBe(toUnitScale(sumDecimals(rewards), 'HEC'));
    const parts = [
      d.oneYearPlanRewards,
      d.twoYearPlanRewards,
      d.threeYearPlanRewards,
      d.fiveYearPlanRewards,
    ];
    expect(parts).toEqual(rewards);
    expect(toUnitScale(sumDecimals(parts), 'HEC')).toBe(d.totalRewards);
    expect([
      d.oneYearPlanPrincipal,
      d.twoYearPlanPrincipal,
      d.threeYearPlanPrincipal,
      d.fiveYearPlanPrincipal,
    ]).toEqual(principals.map((p) => toUnitScale(p, 'HEC')));
    expect([d.oneYearPlanRate, d.twoYearPlanRate, d.threeYearPlanRate, d.fiveYearPlanRate]).toEqual(
      ['0.05', '0.08', '0.10', '0.15'],
    );
  });

  it('the shown parts add up to the total for demo users holding 3- and 5-year plans', async () => {
    const users = await rows(sql<{ id: number }>`
      SELECT s.end_user_id AS id FROM staking_positions s JOIN saving_plans p ON p.id = s.saving_plan_id
      WHERE s.coin_type = 'HEC' GROUP BY 1
      HAVING bool_or(p.term_years = 3) AND bool_or(p.term_years = 5) ORDER BY 1 LIMIT 5`);
    expect(users.length).toBeGreaterThan(0);
    for (const { id } of users) {
      const d = (await ok<SavingDetail>(SAVING_DETAIL, { id })).userHecSavingDetail;
      const parts = [
        d.oneYearPlanRewards,
        d.twoYearPlanRewards,
        d.threeYearPlanRewards,
        d.fiveYearPlanRewards,
      ];
      expect(compareDecimals(d.threeYearPlanRewards, '0'), `user ${id}`).toBe(1);
      expect(compareDecimals(d.fiveYearPlanRewards, '0'), `user ${id}`).toBe(1);
      expect(toUnitScale(sumDecimals(parts), 'HEC'), `user ${id}`).toBe(d.totalRewards);
    }
  });

  it('the remittance history breaks totalSentHec into all four plans, exactly', async () => {
    const users = await rows(sql<{ id: number; sent: string; three: string; five: string }>`
      SELECT r.end_user_id AS id, sum(r.sent_hec)::text AS sent,
        sum(r.sent_hec) FILTER (WHERE p.term_years = 3)::text AS three,
        sum(r.sent_hec) FILTER (WHERE p.term_years = 5)::text AS five
      FROM saving_remittances r JOIN saving_plans p ON p.id = r.saving_plan_id
      GROUP BY 1 HAVING bool_or(p.term_years = 3) AND bool_or(p.term_years = 5) ORDER BY 1 LIMIT 5`);
    expect(users.length).toBeGreaterThan(0);
    type History = {
      userHecSavingRemittanceHistory: Record<
        | 'totalSentHec'
        | 'totalOneYearPlanHec'
        | 'totalTwoYearsPlanHec'
        | 'totalThreeYearsPlanHec'
        | 'totalFiveYearsPlanHec',
        string
      >;
    };
    for (const u of users) {
      const h = (
        await ok<History>(
          `query H($id: Int!) { userHecSavingRemittanceHistory(userId: $id) {
            totalSentHec totalOneYearPlanHec totalTwoYearsPlanHec totalThreeYearsPlanHec totalFiveYearsPlanHec } }`,
          { id: u.id },
        )
      ).userHecSavingRemittanceHistory;
      expect(h.totalSentHec).toBe(toUnitScale(u.sent, 'HEC'));
      expect(h.totalThreeYearsPlanHec).toBe(toUnitScale(u.three, 'HEC'));
      expect(h.totalFiveYearsPlanHec).toBe(toUnitScale(u.five, 'HEC'));
      const parts = [
        h.totalOneYearPlanHec,
        h.totalTwoYearsPlanHec,
        h.totalThreeYearsPlanHec,
        h.totalFiveYearsPlanHec,
      ];
      expect(toUnitScale(sumDecimals(parts), 'HEC'), `user ${u.id}`).toBe(h.totalSentHec);
    }
  });

  it('reward snapshot totals are exact sums at their units scale', async () => {
    const [snapshot] = await rows(sql<{
      id: number;
      day: string;
      amount: string;
      usd: string;
      aube: string;
      owl: string;
    }>`
      SELECT end_user_id AS id, to_char(reward_date, 'YYYY-MM-DD') AS day, sum(amount)::text AS amount,
        sum(total_usd)::text AS usd, sum(aube_reward)::text AS aube, sum(owl_reward)::text AS owl
      FROM reward_snapshots GROUP BY end_user_id, reward_date
      ORDER BY count(*) DESC, length(sum(aube_reward)::text) DESC, 1, 2 LIMIT 1`);
    const s = snapshot!;
    const data = await ok<{
      userRewardSnapshot: Record<
        'totalSentHec' | 'totalSentUSD' | 'totalAubeReward' | 'totalOwlReward',
        string
      >;
    }>(
      `query R($id: Int!, $d: String) { userRewardSnapshot(userId: $id, rewardDate: $d) {
        totalSentHec totalSentUSD totalAubeReward totalOwlReward } }`,
      { id: s.id, d: s.day },
    );
    expect(data.userRewardSnapshot).toEqual({
      totalSentHec: toUnitScale(s.amount, 'HEC'),
      totalSentUSD: toUnitScale(s.usd, 'USD'),
      totalAubeReward: toUnitScale(s.aube, 'AUBE'),
      totalOwlReward: toUnitScale(s.owl, 'OWL'),
    });
  });
});

describe('amount inputs', () => {
  const USERS = `query U($min: Decimal, $max: Decimal) {
    users(totalBuyAmountMoreThanOrEqual: $min, totalBuyAmountLessThanOrEqual: $max) { pagination { totalRecords } }
  }`;

  async function refusal(query: string, variables: Record<string, unknown> = {}) {
    const result = await gql(query, variables);
    expect(result.data ?? null).toBeNull();
    const error = result.errors?.[0];
    return { code: error?.extensions?.code, message: error?.message ?? '' };
  }

  it('refuses absurdly many digits at the scalar with BAD_USER_INPUT, not an internal error', async () => {
    const huge = '9'.repeat(140_000);
    const variable = await refusal(USERS, { min: huge });
    expect(variable.code).toBe('BAD_USER_INPUT');
    expect(variable.message).toMatch(/at most 30 digits before the decimal point and 18 after/);
    const literal = await refusal(
      `{ users(totalBuyAmountMoreThanOrEqual: "${huge}") { pagination { totalRecords } } }`,
    );
    expect(literal.code).toBe('BAD_USER_INPUT');
    expect(literal.message).toMatch(/at most 30 digits/);
    // More decimal places than any unit has (18), whatever the argument.
    const fine = await refusal(USERS, { max: '1.0000000000000000001' });
    expect(fine.code).toBe('BAD_USER_INPUT');
    expect(fine.message).toMatch(/18 after it/);
  });

  it('refuses more decimals than the argument unit allows, naming the argument', async () => {
    const usd = await refusal(USERS, { min: '100.005' });
    expect(usd.code).toBe('BAD_USER_INPUT');
    expect(usd.message).toBe(
      'totalBuyAmountMoreThanOrEqual: USD amounts must have at most 2 decimal places.',
    );
    // Within the unit's scale (and at the bounds): answered, and the same as its shorter form.
    const [a, b] = await Promise.all([
      ok<{ users: { pagination: { totalRecords: number } } }>(USERS, {
        min: '100.50',
        max: `${'9'.repeat(30)}.99`,
      }),
      ok<{ users: { pagination: { totalRecords: number } } }>(USERS, { min: '100.5' }),
    ]);
    expect(a.users.pagination.totalRecords).toBe(b.users.pagination.totalRecords);
    expect(a.users.pagination.totalRecords).toBeGreaterThan(0);
  });
});
