import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { expectTableShows, launchBrowser, screenshot, signIn } from './support/browser';
import { gqlAs, signInToken } from './support/routes-walk';
import { businessDayBounds, csvTimestamp, startServer, type RunningServer } from './support/server';

// Issue 13 in the browser: the download centre's three files and a filtered users export,
// each checked row by row against the API, and a plain link opened by the download cookie.

let server: RunningServer;
let browser: Browser;
let token: string;
let superToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [token, superToken] = await Promise.all([
    signInToken(server.baseUrl, 'reader@example.com'),
    signInToken(server.baseUrl, 'super@example.com'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The admin API as the reader, or as the admin holding `as`. */
async function gql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  as = token,
): Promise<T> {
  return gqlAs<T>(server.baseUrl, as, query, variables);
}

/** RFC 4180 records (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cell = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      records.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) records.push([...row, cell]);
  return records;
}

/** A downloaded file's records; it must start with the UTF-8 BOM. */
async function recordsOf(download: Download): Promise<string[][]> {
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString('utf8'));
}

/** The same export fetched by the test itself with the token (the reference file). */
async function referenceRecords(query: string, field: string): Promise<string[][]> {
  const link = (await gql<Record<string, { url: string }>>(query))[field]!;
  const response = await fetch(`${server.baseUrl}${link.url}`, {
    headers: { 'x-admin-access-token': token },
  });
  expect(response.status).toBe(200);
  return parseCsv((await response.text()).replace(/^\uFEFF/, ''));
}

async function newPage(
  locale = 'en',
  accessToken = token,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
  });
  await context.addInitScript(
    ([accessToken, lang]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('accessToken', accessToken!);
      localStorage.setItem('locale', lang!);
    },
    [accessToken, locale],
  );
  return { context, page: await context.newPage() };
}

describe('download centre', () => {
  it('downloads each of the three files with every row, and previews their first rows', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${server.baseUrl}/common/download_csv`);
      const types = [
        [
          'hecSavingRemittanceHistory',
          'query { hecSavingRemittanceHistoryCsv { url } }',
          'hecSavingRemittanceHistoryCsv',
          'query { userSavings { pagination { totalRecords } } }',
          'userSavings',
        ],
        [
          'referralRewards',
          'query { referralRewardsCsv { url } }',
          'referralRewardsCsv',
          'query { affiliateTrackRecords { pagination { totalRecords } } }',
          'affiliateTrackRecords',
        ],
        [
          'referralPlanRemittanceHistory',
          'query { referralPlanRemittanceHistoryCsv { url } }',
          'referralPlanRemittanceHistoryCsv',
          'query { affiliateSavingRemittances { pagination { totalRecords } } }',
          'affiliateSavingRemittances',
        ],
      ] as const;
      for (const [name, linkQuery, field, listQuery, listField] of types) {
        const section = page.locator(`#export-${name}`);
        await section.getByTestId(`preview-row-${name}`).first().waitFor();
        const previewCells = await section
          .getByTestId(`preview-row-${name}`)
          .evaluateAll((rows) =>
            rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
          );
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          section.getByRole('button', { name: 'Download CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^[a-z_]+_\d{8}T\d{4}\.csv$/);
        const [header, ...rows] = await recordsOf(download);
        const [refHeader, ...refRows] = await referenceRecords(linkQuery, field);
        expect(header).toEqual(refHeader);
        expect(rows).toEqual(refRows);
        const total = (
          await gql<Record<string, { pagination: { totalRecords: number } }>>(listQuery)
        )[listField]!.pagination.totalRecords;
        expect(rows.length, name).toBe(total);
        expect(rows.length).toBeGreaterThan(0);
        expect(previewCells).toEqual(rows.slice(0, previewCells.length));
      }
      await screenshot(page, 'exports-download-centre-en');
    } finally {
      await context.close();
    }
  });

  it('fits a phone in Japanese', async () => {
    const { context, page } = await newPage('ja');
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.baseUrl}/common/download_csv`);
      await page.getByTestId('preview-row-referralRewards').first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      await screenshot(page, 'exports-download-centre-ja-phone');
    } finally {
      await context.close();
    }
  });
});

describe('list exports', () => {
  it('the users export gives exactly the filtered list, all pages', async () => {
    const expected = await gql<{
      users: { list: Array<{ id: number }>; pagination: { totalRecords: number } };
    }>(
      'query { users(cardStatus: [1, 4], pagination: { limit: 500, sort: { target: "totalBuyAmountUsd", orderBy: DESC } }) { list { id } pagination { totalRecords } } }',
    );
    expect(expected.users.pagination.totalRecords).toBeGreaterThan(20); // more than one page
    const { context, page } = await newPage();
    try {
      await page.goto(
        `${server.baseUrl}/common/users?cardStatus=1&cardStatus=4&sort=totalBuyAmountUsd&order=DESC`,
      );
      await page.locator('tbody tr[aria-label]').first().waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^users_\d{8}T\d{4}\.csv$/);
      const [header, ...rows] = await recordsOf(download);
      expect(header![0]).toBe('id');
      expect(rows.length).toBe(expected.users.pagination.totalRecords);
      const cardStatus = header!.indexOf('cardStatus');
      expect(new Set(rows.map((r) => r[cardStatus]))).toEqual(new Set(['1', '4']));
      expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(
        expected.users.list.map((u) => u.id).sort((a, b) => a - b),
      );
    } finally {
      await context.close();
    }
  });

  it('a plain link opens with the cookie set at sign-in, and not without it', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    try {
      const { referralRewardsCsv } = await gql<{ referralRewardsCsv: { url: string } }>(
        'query { referralRewardsCsv { url } }',
      );
      await page.goto(`${server.baseUrl}/login`);
      const refused = await page.evaluate(
        async (url) => (await fetch(url)).status,
        referralRewardsCsv.url,
      );
      expect(refused).toBe(401);
      await signIn(page, server.baseUrl, 'reader@example.com');
      const cookies = await context.cookies();
      const cookie = cookies.find((c) => c.name === 'admin_download')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/downloads');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.evaluate((url) => {
          const a = document.createElement('a');
          a.href = url;
          document.body.append(a);
          a.click();
        }, referralRewardsCsv.url),
      ]);
      const [header] = await recordsOf(download);
      expect(header![0]).toBe('userId');
    } finally {
      await context.close();
    }
  });

  /** Clicks an export button and returns the file's records, header first (BOM checked). */
  async function downloadRecords(
    page: Page,
    button: ReturnType<Page['getByRole']>,
    fileName: RegExp,
  ): Promise<string[][]> {
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(fileName);
    return recordsOf(download);
  }

  /** Clicks an export button and returns the file's rows keyed by header. */
  async function downloadRows(
    page: Page,
    button: ReturnType<Page['getByRole']>,
    fileName: RegExp,
  ): Promise<Array<Record<string, string>>> {
    const [header, ...rows] = await downloadRecords(page, button, fileName);
    return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
  }

  it('the payments export of /common/transactions (V1 and V2) gives exactly the filtered list', async () => {
    type Listed = {
      userPayments: {
        list: Array<{ userPaymentId: string; amountHEC: string | null; status: string }>;
        pagination: { totalRecords: number };
      };
    };
    // A confirmation range of whole days holding about a hundred asset-fixed payments; the
    // screen's date filter takes its days in the business time zone.
    const recent = await gql<{ userPayments: { list: Array<{ confirmedAt: string }> } }>(
      `query { userPayments(input: { paymentStatus: "asset_fixed",
        pagination: { limit: 100, sort: { target: "confirmedAt", orderBy: DESC } } }) {
        list { confirmedAt } } }`,
    );
    const days = recent.userPayments.list.map((p) => p.confirmedAt.slice(0, 10));
    const [from, until] = [days[days.length - 1]!, days[0]!];
    const expected = await gql<Listed>(
      `query ($from: DateTime, $until: DateTime) { userPayments(input: { paymentStatus: "asset_fixed",
        confirmedAtFrom: $from, confirmedAtUntil: $until, pagination: { limit: 500 } }) {
        list { userPaymentId amountHEC status } pagination { totalRecords } } }`,
      { from: businessDayBounds(from).from, until: businessDayBounds(until).until },
    );
    expect(expected.userPayments.pagination.totalRecords).toBeGreaterThan(20); // several pages
    expect(expected.userPayments.pagination.totalRecords).toBeLessThanOrEqual(500);
    const { context, page } = await newPage();
    try {
      await page.goto(
        `${server.baseUrl}/common/transactions?paymentStatus=asset_fixed&confirmedAtFrom=${from}&confirmedAtUntil=${until}`,
      );
      await page.locator('#payments-list tbody tr').first().waitFor();
      const actions = page.getByTestId('payments-export-actions');
      await page.locator('#payments-list tbody tr').first().waitFor();
      for (const [label, layout] of [
        ['Export CSV', 'V1'],
        ['Export CSV (V2)', 'V2'],
      ] as const) {
        const rows = await downloadRows(
          page,
          actions.getByRole('button', { name: label, exact: true }),
          /^payments(_v2)?_\d{8}T\d{4}\.csv$/,
        );
        expect(
          rows.map((r) => r.userPaymentId),
          layout,
        ).toEqual(expected.userPayments.list.map((p) => p.userPaymentId));
        expect(rows.map((r) => r.amountHEC)).toEqual(
          expected.userPayments.list.map((p) => p.amountHEC ?? ''),
        );
        expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['asset_fixed']));
        if (layout === 'V2') expect(Object.keys(rows[0]!)).toContain('btcHecRate');
      }
    } finally {
      await context.close();
    }
  });

  it('the coin-saving remittances export gives exactly the filtered list', async () => {
    const plan = (
      await gql<{ userSavings: { list: Array<{ planName: string }> } }>(
        'query { userSavings(pagination: { limit: 1 }) { list { planName } } }',
      )
    ).userSavings.list[0]!.planName;
    const expected = await gql<{
      userSavings: {
        list: Array<{ userSavingSentValueId: string; amountHEC: string }>;
        pagination: { totalRecords: number };
      };
    }>(
      `query ($plan: String) { userSavings(planName: $plan, pagination: { limit: 500 }) {
        list { userSavingSentValueId amountHEC } pagination { totalRecords } } }`,
      { plan },
    );
    expect(expected.userSavings.pagination.totalRecords).toBeGreaterThan(0);
    expect(expected.userSavings.pagination.totalRecords).toBeLessThanOrEqual(500);
    const { context, page } = await newPage();
    try {
      await page.goto(
        `${server.baseUrl}/aubecoin_saving/remittance_history?planName=${encodeURIComponent(plan)}`,
      );
      await page.locator('tbody tr').first().waitFor();
      const rows = await downloadRows(
        page,
        page.getByRole('button', { name: 'Export CSV' }),
        /^coin_saving_remittances_\d{8}T\d{4}\.csv$/,
      );
      expect(rows.map((r) => r.userSavingSentValueId)).toEqual(
        expected.userSavings.list.map((s) => s.userSavingSentValueId),
      );
      expect(rows.map((r) => r.amountHEC)).toEqual(
        expected.userSavings.list.map((s) => s.amountHEC),
      );
      expect(new Set(rows.map((r) => r.planName))).toEqual(new Set([plan]));
    } finally {
      await context.close();
    }
  });

  it('the audit log export, as a super admin, gives every row of the log', async () => {
    const { context, page } = await newPage('en', superToken);
    try {
      await page.goto(`${server.baseUrl}/admin_user`);
      await page.getByRole('tab', { name: 'Audit log' }).click();
      const button = page.getByRole('button', { name: 'Export CSV' });
      await button.waitFor();
      // The log before the click: the download's own audit row is written after its file.
      const expected = await gql<{
        auditLogs: { list: Array<{ id: string; operation: string }> };
      }>(
        'query { auditLogs(pagination: { limit: 500 }) { list { id operation } } }',
        {},
        superToken,
      );
      expect(expected.auditLogs.list.length).toBeGreaterThan(0);
      const rows = await downloadRows(page, button, /^audit_log.*_\d{8}T\d{4}\.csv$/);
      expect(rows.map((r) => r.id)).toEqual(expected.auditLogs.list.map((a) => a.id));
      expect(rows.map((r) => r.operation)).toEqual(expected.auditLogs.list.map((a) => a.operation));
    } finally {
      await context.close();
    }
  });

  /** Every row of a list for a search and sort, 500 at a time (the largest page). */
  async function allRows<R>(
    query: string,
    field: string,
    searchParams: Record<string, string> = {},
    sort?: { target: string; orderBy: 'ASC' | 'DESC' },
  ): Promise<{ list: R[]; total: number }> {
    const list: R[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = (
        await gql<Record<string, { list: R[]; pagination: { totalRecords: number } }>>(query, {
          input: { searchParams, pagination: { limit: 500, offset, sort } },
        })
      )[field]!;
      list.push(...page.list);
      if (list.length >= page.pagination.totalRecords || page.list.length === 0)
        return { list, total: page.pagination.totalRecords };
    }
  }

  /** The first letter of the most values, among those a prefix search would narrow. */
  function busiestInitial(values: string[]): string {
    const counts = new Map<string, number>();
    for (const value of values) {
      const initial = value.charAt(0).toLowerCase();
      counts.set(initial, (counts.get(initial) ?? 0) + 1);
    }
    const [best] = [...counts]
      .filter(([, n]) => n < values.length)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    expect(best, 'an initial that narrows the list').toBeDefined();
    return best![0];
  }

  /** Fills the list's search form and applies it with its button, as an operator does. */
  async function search(page: Page, fields: Record<string, string>): Promise<void> {
    const form = page.getByRole('search');
    // Filters past the first line open with "more" (issue 26).
    const more = form.getByRole('button', { name: /^More filters/ });
    if (await more.count()) await more.click();
    for (const [label, value] of Object.entries(fields))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) =>
      Object.entries(fields).every(([, value]) => [...url.searchParams.values()].includes(value)),
    );
  }

  /** Sorts by a header not sorted ascending yet: one click sorts it ascending. */
  async function sortAscending(page: Page, target: string): Promise<void> {
    const selector = `thead th[data-sort-target="${target}"]`;
    const header = page.locator(selector).first();
    expect(await header.getAttribute('aria-sort')).not.toBe('ascending');
    await header.getByRole('button').click();
    await page
      .waitForFunction(
        (s) => document.querySelector(s)?.getAttribute('aria-sort') === 'ascending',
        selector,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    // The URL holds the view the export button reads.
    const params = new URL(page.url()).searchParams;
    expect([params.get('sort'), params.get('order')]).toEqual([target, 'asc']);
  }

  type ListRow = Record<string, string | number | null>;

  /**
   * Searches a list screen by the initial most of its rows share in one column, sorts it
   * ascending, checks the table's first page against the API, then downloads the export and
   * checks that it is the whole searched list, cell by cell. Returns the file's rows.
   */
  async function expectSearchedExport(spec: {
    columns: readonly string[];
    /** The list query's field and the type of its `input`. */
    field: string;
    inputType: string;
    path: string;
    /** The search box (its label), the search parameter it sets and the column it matches. */
    search: { label: string; param: string; column: string };
    sort: string;
    screenshot: string;
    file: RegExp;
  }): Promise<string[][]> {
    const query = `query ($input: ${spec.inputType}) { ${spec.field}(input: $input) {
      list { ${spec.columns.join(' ')} } pagination { totalRecords } } }`;
    const everyone = await allRows<ListRow>(query, spec.field);
    const initial = busiestInitial(everyone.list.map((r) => String(r[spec.search.column])));
    const expected = await allRows<ListRow>(
      query,
      spec.field,
      { [spec.search.param]: initial },
      { target: spec.sort, orderBy: 'ASC' },
    );
    expect(expected.list.length).toBe(expected.total);
    expect(expected.total).toBeGreaterThan(20); // more than the screen's first page
    expect(expected.total).toBeLessThan(everyone.total); // the search narrows the list
    const { context, page } = await newPage();
    try {
      await page.goto(`${server.baseUrl}${spec.path}`);
      await page.locator('tbody tr[data-row-id]').first().waitFor();
      await search(page, { [spec.search.label]: initial });
      await sortAscending(page, spec.sort);
      await expectTableShows(
        page,
        expected.list.slice(0, 20).map((r) => String(r.id)),
      );
      await screenshot(page, spec.screenshot);
      const [header, ...rows] = await downloadRecords(
        page,
        page.getByRole('button', { name: 'Export CSV' }),
        spec.file,
      );
      expect(header).toEqual(spec.columns);
      expect(rows.length).toBe(expected.total);
      expect(rows).toEqual(
        expected.list.map((r) => spec.columns.map((c) => csvTimestamp(String(r[c] ?? '')))),
      );
      return rows;
    } finally {
      await context.close();
    }
  }

  it('the deposit addresses export gives exactly the list searched by user name, ascending', async () => {
    await expectSearchedExport({
      columns: [
        'id',
        'userId',
        'username',
        'email',
        'oneYearPlanAddress',
        'twoYearsPlanAddress',
        'threeYearsPlanAddress',
        'fiveYearsPlanAddress',
        'generatedAt',
      ],
      field: 'hecSavingAddresses',
      inputType: 'SavingListInput',
      path: '/aubecoin_saving/addresses',
      search: { label: 'User name', param: 'userName', column: 'username' },
      sort: 'id',
      screenshot: 'exports-addresses-searched-en',
      file: /^coin_saving_addresses_\d{8}T\d{4}\.csv$/,
    });
  });

  it('the referral-plan aggregates export gives exactly the list searched by email, by total sent', async () => {
    const columns = [
      'id',
      'username',
      'email',
      'forceClubId',
      'remittanceCount',
      'totalSentHec',
      'totalSentUsdValuation',
      'totalHecPrincipal',
      'totalAtemPrincipal',
    ];
    // The file holds amounts as the API writes them, digit for digit (Decimal is a string,
    // never a float), and the data has amounts a double could not hold, so the cell-by-cell
    // comparison means something.
    const rows = await expectSearchedExport({
      columns,
      field: 'affiliateSavingAggregates',
      inputType: 'AffiliateListInput',
      path: '/referral_plan/aggregation',
      search: { label: 'Email', param: 'email', column: 'email' },
      sort: 'totalSentHec',
      screenshot: 'exports-aggregates-searched-en',
      file: /^referral_plan_aggregates_\d{8}T\d{4}\.csv$/,
    });
    const sentHec = columns.indexOf('totalSentHec');
    const digits = (amount: string) => amount.replace(/\D/g, '').replace(/^0+/, '').length;
    expect(Math.max(...rows.map((r) => digits(r[sentHec]!)))).toBeGreaterThan(17);
  });
});
