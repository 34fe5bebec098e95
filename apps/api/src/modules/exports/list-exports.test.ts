import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, compareDecimals, isoInTimeZone } from '@app/shared';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { parseCsv } from '../../../test/csv-text';
import { getSchema } from '../../server/schema';

// Issue 13, "exports of the filtered view": each spec export has exactly its list's rows for
// the same filters (count, order and content, amounts to the last digit), on both engines.
let t: TestApp;
let token: string;
const EXACT = '1.000000000000000001';

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db, { users: 150, seed: 5 });
  token = await issueToken(t.database, 'reader@example.com');
  // Amounts that need all 18 decimals, and a text cell a spreadsheet would run.
  const db = t.database.db;
  await sql`UPDATE payments SET amount_hec = ${EXACT}
    WHERE id = (SELECT min(id) FROM payments WHERE status = 'asset_fixed')`.execute(db);
  await sql`UPDATE saving_remittances SET sent_hec = ${EXACT}
    WHERE id = (SELECT max(id) FROM saving_remittances)`.execute(db);
  await sql`UPDATE affiliate_remittances SET hec_principal = ${EXACT}, transaction_hash = '=cmd|x'
    WHERE id = (SELECT max(id) FROM affiliate_remittances)`.execute(db);
});

afterAll(async () => {
  await t?.close();
});

async function ok<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const result = await t.gql<T>(query, variables, token);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data as T;
}

/** Every page of a list, 500 at a time. */
async function allPages<R>(
  fetchPage: (limit: number, offset: number) => Promise<{ list: R[]; total: number }>,
): Promise<R[]> {
  const rows: R[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await fetchPage(500, offset);
    rows.push(...page.list);
    if (rows.length >= page.total || page.list.length === 0) return rows;
  }
}

/** The file behind a link, as objects keyed by header. */
async function file(url: string): Promise<Array<Record<string, string>>> {
  const response = await fetch(`${t.baseUrl}${url}`, { headers: { [ACCESS_TOKEN_HEADER]: token } });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
}

// A timestamp cell: the business time zone's wall clock with its offset (issue 26, "One clock").
const iso = (value: string | null) => (value ? isoInTimeZone(new Date(value), 'Asia/Tokyo') : '');

describe('userPaymentsCSV', () => {
  const filters = { paymentStatus: 'asset_fixed', confirmedAtFrom: '2020-01-01T00:00:00.000Z' };
  type Payment = Record<string, string | number | null>;

  async function listed(): Promise<Payment[]> {
    return allPages(async (limit, offset) => {
      const data = await ok<{
        userPayments: { list: Payment[]; pagination: { totalRecords: number } };
      }>(
        `query ($input: UserPaymentsInput) { userPayments(input: $input) {
          list { userPaymentId userId userName planName priceUsd paidUsd paidBtc paymentAddress
                 status confirmedAt canceledAt assetFixedAt amountETH amountHEC }
          pagination { totalRecords } } }`,
        {
          input: {
            ...filters,
            pagination: { limit, offset, sort: { target: 'confirmedAt', orderBy: 'ASC' } },
          },
        },
      );
      return { list: data.userPayments.list, total: data.userPayments.pagination.totalRecords };
    });
  }

  it.each([1, 2])('V%i has the rows of the filtered list, every amount exact', async (version) => {
    const expected = await listed();
    expect(expected.length).toBeGreaterThan(10);
    const link = await ok<{ userPaymentsCSV: { url: string } }>(
      `query ($v: Int) { userPaymentsCSV(paymentStatus: "asset_fixed", confirmedAtFrom: "2020-01-01T00:00:00.000Z",
        sort: { target: "confirmedAt", orderBy: ASC }, version: $v) { url } }`,
      { v: version },
    );
    const rows = await file(link.userPaymentsCSV.url);
    expect(rows.length).toBe(expected.length);
    rows.forEach((row, i) => {
      const p = expected[i]!;
      for (const key of [
        'userPaymentId',
        'userName',
        'planName',
        'priceUsd',
        'paidUsd',
        'paidBtc',
        'paymentAddress',
        'status',
        'amountETH',
        'amountHEC',
      ]) {
        expect(row[key], key).toBe(String(p[key] ?? ''));
      }
      expect(row.userId).toBe(String(p.userId));
      for (const key of ['confirmedAt', 'canceledAt', 'assetFixedAt']) {
        expect(row[key], key).toBe(iso(p[key] as string | null));
      }
    });
    expect(rows.some((r) => r.amountHEC === EXACT)).toBe(true);
    if (version === 2) {
      expect(Object.keys(rows[0]!)).toEqual(
        expect.arrayContaining(['email', 'coinType', 'btcHecRate', 'btcEthRate', 'createdAt']),
      );
    } else {
      expect(Object.keys(rows[0]!)).not.toContain('email');
    }
  });

  // The payments list of /common/transactions: every filter it offers (user name, status and
  // both date ranges) in its default order, as the screen's export buttons send them.
  it.each([1, 2])(
    "V%i has the rows of the transactions list's filters, in its default order",
    async (version) => {
      const busiest = await sql<{ user_name: string }>`
        SELECT u.user_name FROM payments p JOIN end_users u ON u.id = p.end_user_id
        WHERE p.status = 'asset_fixed' GROUP BY u.user_name ORDER BY count(*) DESC, u.user_name LIMIT 1`.execute(
        t.database.db,
      );
      const screen = {
        userName: busiest.rows[0]!.user_name.toUpperCase(), // the list matches case-insensitively
        paymentStatus: 'asset_fixed',
        confirmedAtFrom: '2020-01-01T00:00:00.000Z',
        confirmedAtUntil: '2100-01-01T00:00:00.000Z',
        assetFixedAtFrom: '2020-01-01T00:00:00.000Z',
        assetFixedAtUntil: '2100-01-01T00:00:00.000Z',
      };
      const expected = await allPages(async (limit, offset) => {
        const data = await ok<{
          userPayments: {
            list: Array<{ userPaymentId: string; userName: string; amountHEC: string | null }>;
            pagination: { totalRecords: number };
          };
        }>(
          `query ($input: UserPaymentsInput) { userPayments(input: $input) {
            list { userPaymentId userName amountHEC } pagination { totalRecords } } }`,
          { input: { ...screen, pagination: { limit, offset } } },
        );
        return { list: data.userPayments.list, total: data.userPayments.pagination.totalRecords };
      });
      expect(expected.length).toBeGreaterThan(1);
      const link = await ok<{ userPaymentsCSV: { url: string } }>(
        `query ($userName: String, $paymentStatus: String, $confirmedAtFrom: DateTime,
            $confirmedAtUntil: DateTime, $assetFixedAtFrom: DateTime, $assetFixedAtUntil: DateTime,
            $version: Int) {
          userPaymentsCSV(userName: $userName, paymentStatus: $paymentStatus,
            confirmedAtFrom: $confirmedAtFrom, confirmedAtUntil: $confirmedAtUntil,
            assetFixedAtFrom: $assetFixedAtFrom, assetFixedAtUntil: $assetFixedAtUntil,
            version: $version) { url } }`,
        { ...screen, version },
      );
      const rows = await file(link.userPaymentsCSV.url);
      expect(rows.map((r) => r.userPaymentId)).toEqual(expected.map((p) => p.userPaymentId));
      expect(rows.map((r) => r.amountHEC)).toEqual(expected.map((p) => p.amountHEC ?? ''));
      expect(new Set(rows.map((r) => r.userName))).toEqual(new Set([busiest.rows[0]!.user_name]));
    },
  );

  it('refuses version 3', async () => {
    const result = await t.gql(`query { userPaymentsCSV(version: 3) { url } }`, {}, token);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('hecSavingRemittanceHistoryCsv (centre type 1)', () => {
  it('has the rows of userSavings for the same filters, and honours a date range', async () => {
    type Saving = Record<string, string>;
    const expected = await allPages(async (limit, offset) => {
      const data = await ok<{
        userSavings: { list: Saving[]; pagination: { totalRecords: number } };
      }>(
        `query ($p: PaginationInput) { userSavings(planName: "1 year plan", pagination: $p) {
          list { userSavingSentValueId userName planName address amountHEC amountUSD transactionHash confirmedAt }
          pagination { totalRecords } } }`,
        { p: { limit, offset } },
      );
      return { list: data.userSavings.list, total: data.userSavings.pagination.totalRecords };
    });
    expect(expected.length).toBeGreaterThan(5);
    const link = await ok<{ hecSavingRemittanceHistoryCsv: { url: string } }>(
      `query { hecSavingRemittanceHistoryCsv(planName: "1 year plan") { url } }`,
    );
    const rows = await file(link.hecSavingRemittanceHistoryCsv.url);
    expect(rows.length).toBe(expected.length);
    rows.forEach((row, i) => {
      const s = expected[i]!;
      for (const key of [
        'userSavingSentValueId',
        'userName',
        'planName',
        'address',
        'amountHEC',
        'amountUSD',
        'transactionHash',
      ]) {
        expect(row[key], key).toBe(s[key]);
      }
      expect(row.confirmedAt).toBe(iso(s.confirmedAt!));
    });

    const all = await file(
      (
        await ok<{ hecSavingRemittanceHistoryCsv: { url: string } }>(
          `query { hecSavingRemittanceHistoryCsv { url } }`,
        )
      ).hecSavingRemittanceHistoryCsv.url,
    );
    expect(all.some((r) => r.amountHEC === EXACT)).toBe(true);
    const middle = all[Math.floor(all.length / 2)]!.confirmedAt;
    const ranged = await file(
      (
        await ok<{ hecSavingRemittanceHistoryCsv: { url: string } }>(
          `query ($from: DateTime) { hecSavingRemittanceHistoryCsv(confirmedAtFrom: $from) { url } }`,
          { from: middle },
        )
      ).hecSavingRemittanceHistoryCsv.url,
    );
    expect(ranged.length).toBe(all.filter((r) => r.confirmedAt! >= middle!).length);
  });
});

describe('referralRewardsCsv (centre type 2)', () => {
  it('has the rows of affiliateTrackRecords for the same search and sort, with the parent id', async () => {
    type Track = Record<string, string | number | null>;
    const expected = await allPages(async (limit, offset) => {
      const data = await ok<{
        affiliateTrackRecords: { list: Track[]; pagination: { totalRecords: number } };
      }>(
        `query ($p: PaginationInput) { affiliateTrackRecords(input: { pagination: $p }) {
          list { userId userName email forceClubId totalRemittedHec totalHecPrincipal totalReferralRewards
                 totalBonusRewards numberOfChildren parentUserName }
          pagination { totalRecords } } }`,
        { p: { limit, offset, sort: { target: 'numberOfChildren', orderBy: 'DESC' } } },
      );
      return {
        list: data.affiliateTrackRecords.list,
        total: data.affiliateTrackRecords.pagination.totalRecords,
      };
    });
    const link = await ok<{ referralRewardsCsv: { url: string } }>(
      `query { referralRewardsCsv(sort: { target: "numberOfChildren", orderBy: DESC }) { url } }`,
    );
    const rows = await file(link.referralRewardsCsv.url);
    expect(rows.length).toBe(expected.length);
    rows.forEach((row, i) => {
      const r = expected[i]!;
      for (const key of Object.keys(r)) expect(row[key], key).toBe(String(r[key] ?? ''));
    });
    const withParent = rows.find((r) => r.parentUserName !== '')!;
    const parent = rows.find((r) => r.userName === withParent.parentUserName)!;
    expect(withParent.parentId).toBe(parent.userId);
  });
});

describe('referralPlanRemittanceHistoryCsv (centre type 3)', () => {
  it('has the rows of affiliateSavingRemittances with parent ids, neutralised and exact', async () => {
    type Remittance = Record<string, string | null>;
    const expected = await allPages(async (limit, offset) => {
      const data = await ok<{
        affiliateSavingRemittances: { list: Remittance[]; pagination: { totalRecords: number } };
      }>(
        `query ($p: PaginationInput) { affiliateSavingRemittances(input: { pagination: $p }) {
          list { id username email forceClubId confirmedAt transactionHash sentHec usdValuation hecPrincipal atemPrincipal }
          pagination { totalRecords } } }`,
        { p: { limit, offset } },
      );
      return {
        list: data.affiliateSavingRemittances.list,
        total: data.affiliateSavingRemittances.pagination.totalRecords,
      };
    });
    const link = await ok<{ referralPlanRemittanceHistoryCsv: { url: string } }>(
      `query { referralPlanRemittanceHistoryCsv { url } }`,
    );
    const rows = await file(link.referralPlanRemittanceHistoryCsv.url);
    expect(rows.length).toBe(expected.length);
    rows.forEach((row, i) => {
      const r = expected[i]!;
      for (const key of [
        'id',
        'username',
        'email',
        'sentHec',
        'usdValuation',
        'hecPrincipal',
        'atemPrincipal',
      ]) {
        expect(row[key], key).toBe(r[key] ?? '');
      }
      expect(row.forceClubId).toBe(r.forceClubId ?? '');
      expect(row.confirmedAt).toBe(iso(r.confirmedAt!));
      const hash = r.transactionHash!;
      expect(row.transactionHash).toBe(/^[=+\-@\t\r]/.test(hash) ? `'${hash}` : hash);
    });
    expect(rows.some((r) => r.hecPrincipal === EXACT)).toBe(true);
    expect(rows.some((r) => r.transactionHash === "'=cmd|x")).toBe(true);
    const ids = await sql<{ id: string; parent_id: number | null }>`
      SELECT r.id::text AS id, u.parent_id FROM affiliate_remittances r JOIN end_users u ON u.id = r.end_user_id`.execute(
      t.database.db,
    );
    const parentOf = new Map(
      ids.rows.map((r) => [r.id, r.parent_id === null ? '' : String(r.parent_id)]),
    );
    for (const row of rows) expect(row.parentId).toBe(parentOf.get(row.id!));
  });
});

describe('exportFormats and exportPreview', () => {
  it('describe every column and preview the first rows of the file', async () => {
    const data = await ok<{
      exportFormats: Array<{
        name: string;
        columns: Array<{ header: string; meaning: string; type: string; example: string }>;
      }>;
      exportPreview: { columns: Array<{ header: string }>; rows: Array<{ cells: string[] }> };
    }>(`query { exportFormats { name columns { header meaning type unit example } }
      exportPreview(name: "referralPlanRemittanceHistory", limit: 3) { columns { header } rows { cells } } }`);
    expect(data.exportFormats.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'users',
        'userPayments',
        'userPaymentsV2',
        'hecSavingRemittanceHistory',
        'referralRewards',
        'referralPlanRemittanceHistory',
      ]),
    );
    for (const format of data.exportFormats)
      for (const column of format.columns)
        expect(column.meaning.length, column.header).toBeGreaterThan(0);
    const rows = await file(
      (
        await ok<{ referralPlanRemittanceHistoryCsv: { url: string } }>(
          `query { referralPlanRemittanceHistoryCsv { url } }`,
        )
      ).referralPlanRemittanceHistoryCsv.url,
    );
    expect(data.exportPreview.rows.length).toBe(3);
    data.exportPreview.rows.forEach((row, i) => {
      expect(row.cells).toEqual(data.exportPreview.columns.map((c) => rows[i]![c.header]));
    });
  });
});

describe('the other lists (issue 13) and the asset statistics (issue 16)', () => {
  it('hecSavingAddressesCsv has the rows of hecSavingAddresses', async () => {
    type Address = Record<string, string | number | null>;
    const expected = await allPages(async (limit, offset) => {
      const data = await ok<{
        hecSavingAddresses: { list: Address[]; pagination: { totalRecords: number } };
      }>(
        `query ($p: PaginationInput) { hecSavingAddresses(input: { pagination: $p }) {
          list { id userId username email oneYearPlanAddress twoYearsPlanAddress threeYearsPlanAddress fiveYearsPlanAddress generatedAt }
          pagination { totalRecords } } }`,
        { p: { limit, offset } },
      );
      return {
        list: data.hecSavingAddresses.list,
        total: data.hecSavingAddresses.pagination.totalRecords,
      };
    });
    const link = await ok<{ hecSavingAddressesCsv: { url: string } }>(
      `query { hecSavingAddressesCsv { url } }`,
    );
    const rows = await file(link.hecSavingAddressesCsv.url);
    expect(rows.length).toBe(expected.length);
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((row, i) => {
      const a = expected[i]!;
      for (const key of Object.keys(a)) {
        const value = key === 'generatedAt' ? iso(a[key] as string) : String(a[key] ?? '');
        expect(row[key], key).toBe(value);
      }
    });
  });

  it('affiliateSavingAggregatesCsv has the rows of affiliateSavingAggregates', async () => {
    type Aggregate = Record<string, string | number | null>;
    const expected = await allPages(async (limit, offset) => {
      const data = await ok<{
        affiliateSavingAggregates: { list: Aggregate[]; pagination: { totalRecords: number } };
      }>(
        `query ($p: PaginationInput) { affiliateSavingAggregates(input: { pagination: $p }) {
          list { id username email forceClubId remittanceCount totalSentHec totalSentUsdValuation totalHecPrincipal totalAtemPrincipal }
          pagination { totalRecords } } }`,
        { p: { limit, offset, sort: { target: 'totalSentHec', orderBy: 'DESC' } } },
      );
      return {
        list: data.affiliateSavingAggregates.list,
        total: data.affiliateSavingAggregates.pagination.totalRecords,
      };
    });
    const link = await ok<{ affiliateSavingAggregatesCsv: { url: string } }>(
      `query { affiliateSavingAggregatesCsv(sort: { target: "totalSentHec", orderBy: DESC }) { url } }`,
    );
    const rows = await file(link.affiliateSavingAggregatesCsv.url);
    expect(rows.length).toBe(expected.length);
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((row, i) => {
      const a = expected[i]!;
      for (const key of Object.keys(a)) expect(row[key], key).toBe(String(a[key] ?? ''));
    });
  });

  it('assetStatsCsv has the rows of assetStats: every row, every column the screen shows, equal', async () => {
    const last = await sql<{ d: string }>`
      SELECT to_char(max(stat_date), 'YYYY-MM-DD') AS d FROM asset_stats_daily`.execute(
      t.database.db,
    );
    const until = last.rows[0]!.d;
    const from = new Date(Date.parse(`${until}T00:00:00Z`) - 300 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const range = { dateFrom: from, dateUntil: until };
    // Every field of the screen's row, read from the contract (a field added there is here).
    const dayType = getSchema().getType('AssetStatsDay');
    const fields = Object.keys(
      (dayType as { getFields: () => Record<string, unknown> }).getFields(),
    ).sort();
    const data = await ok<{ assetStats: { stats: Array<Record<string, string>> } }>(
      `query ($dateFrom: String!, $dateUntil: String!) { assetStats(dateFrom: $dateFrom, dateUntil: $dateUntil) {
        stats { ${fields.join(' ')} } } }`,
      range,
    );
    const link = await ok<{ assetStatsCsv: { url: string } }>(
      `query ($dateFrom: String!, $dateUntil: String!) { assetStatsCsv(dateFrom: $dateFrom, dateUntil: $dateUntil) { url } }`,
      range,
    );
    const rows = await file(link.assetStatsCsv.url);
    expect(rows.length).toBe(data.assetStats.stats.length);
    // The file's columns are the screen's fields (its headers in camel case: HECReferralBonus
    // is hecReferralBonus), no more and no fewer.
    const header = (field: string) =>
      Object.keys(rows[0]!).find((h) => h.toLowerCase() === field.toLowerCase());
    expect(fields.filter((f) => header(f) === undefined)).toEqual([]);
    expect(Object.keys(rows[0]!).length).toBe(fields.length);
    rows.forEach((row, i) => {
      const day = data.assetStats.stats[i]!;
      expect(row.date).toBe(day.date);
      for (const field of fields.filter((f) => f !== 'date')) {
        expect(compareDecimals(row[header(field)!]!, day[field]!), `${day.date} ${field}`).toBe(0);
      }
    });
    expect(rows.some((r) => r.initialHecAmount !== '0')).toBe(true);
    const bad = await t.gql(
      `query { assetStatsCsv(dateFrom: "2026-02-30", dateUntil: "2026-03-01") { url } }`,
      {},
      token,
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
