import fs from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, typeDate } from './support/browser';
import { isoInTimeZone } from '@app/shared';
import { gqlAs, signedInPage, signInToken } from './support/routes-walk';
import { businessZone, startServer, type RunningServer } from './support/server';

// The Transactions screen (issue 12) as a write admin: a rate assignment previewed and
// confirmed, and a payments file with one bad row read, fixed and applied.

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'writer@example.com');
  expect(token).toBeTruthy();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The admin API as this file's signed-in admin. */
async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gqlAs<T>(server.baseUrl, token, query, variables);
}

/**
 * A signed-in English page in UTC: not the business zone (Asia/Tokyo by default), so a
 * datetime input read in the browser's zone would miss the window by hours.
 */
async function newPage(width = 1366): Promise<{ context: BrowserContext; page: Page }> {
  const page = await signedInPage(browser, token, 'en', { width, height: 900, timezoneId: 'UTC' });
  return { context: page.context(), page };
}

/** The instant of `date`'s minute, as the API takes it ('2026-01-31T01:05:00.000Z'). */
function minuteOf(date: Date): string {
  return `${date.toISOString().slice(0, 16)}:00.000Z`;
}

/** The same minute as a datetime-local input takes it: the business zone's wall clock. */
function businessInput(date: Date): string {
  return isoInTimeZone(date, businessZone()).slice(0, 16);
}

describe('Transactions screen', () => {
  it('adds a payment by hand only once the app’s dialog has restated it in one sentence (Japanese)', async () => {
    const page = await signedInPage(browser, token, 'ja', { width: 1366, height: 900 });
    const context = page.context();
    const added: string[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('postAddUserPayment')) added.push(request.url());
    });
    await page.goto(`${server.baseUrl}/common/transactions`);
    const userField = page.getByRole('combobox', { name: 'ユーザー' });
    await expect.poll(() => userField.isEnabled(), { timeout: 15_000 }).toBe(true);
    await userField.fill('a');
    const userOption = page.getByRole('option').first();
    await userOption.waitFor();
    const user = (await userOption.textContent())!;
    await userOption.click();
    await page.getByRole('combobox', { name: 'プラン' }).click();
    const planOption = page.getByRole('option').first();
    const plan = (await planOption.textContent())!;
    await planOption.click();
    await page.getByTestId('add-paidUsd').fill('1500');
    await page.getByTestId('add-assetHEC').fill('12345.678');
    await page.getByTestId('add-submit').click();
    const text = page.getByTestId('add-confirm-text');
    await text.waitFor();
    expect(await text.textContent()).toBe(
      `${user} さんに ${plan} の支払い 1,500.00 USD（0 ETH、12,345.678 HEC）を追加します。元に戻せません。`,
    );
    await screenshot(page, 'transactions-add-payment-confirm-ja');
    // Cancel adds nothing; the confirmation's button adds the payment.
    await page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();
    await text.waitFor({ state: 'detached' });
    expect(added).toEqual([]);
    await page.getByTestId('add-submit').click();
    await page.getByTestId('add-confirm').click();
    await page
      .getByTestId('snackbar')
      .filter({ hasText: /支払い #\d+/ })
      .waitFor();
    expect(added).toHaveLength(1);
    await context.close();
  });

  it('says what the payments’ CSV export (V2) differs in, in Japanese and English', async () => {
    for (const [locale, v2, help] of [
      ['ja', 'CSV出力 (V2)', /^V2 は経理用の形式です。支払い 1 件につき 1 行/],
      ['en', 'Export CSV (V2)', /^V2 is the bookkeeper’s layout: one row per payment/],
    ] as const) {
      const page = await signedInPage(browser, token, locale, { width: 1366, height: 900 });
      await page.goto(`${server.baseUrl}/common/transactions`);
      const button = page
        .getByTestId('payments-export-actions')
        .getByRole('button', { name: v2, exact: true });
      await button.waitFor();
      expect(await button.getAttribute('title')).toMatch(help);
      await page.context().close();
    }
  });

  it('previews a rate assignment, confirms it, and the payments are fixed', async () => {
    const unfixed = await gql<{
      assetUnFixedPayments: { list: Array<{ userPaymentId: string; confirmedAt: string }> };
    }>(
      `query ($until: DateTime!) { assetUnFixedPayments(confirmedAtUntil: $until, pagination: { limit: 1 }) {
        list { userPaymentId confirmedAt } } }`,
      { until: new Date().toISOString() },
    );
    const oldest = unfixed.assetUnFixedPayments.list[0];
    expect(oldest, 'the demo population has unfixed payments').toBeDefined();
    // The window: from the beginning to the minute after the oldest unfixed payment.
    const end = new Date(new Date(oldest!.confirmedAt).getTime() + 60_000);
    const deadline = new Date(end.getTime() + 86_400_000);
    const expected = await gql<{ ratesAndBTCAmountAtDeadlineDate: { paymentCounts: number } }>(
      `query ($until: DateTime!, $deadline: DateTime!) { ratesAndBTCAmountAtDeadlineDate(
        confirmedAtUntil: $until, deadlineDatetime: $deadline) { paymentCounts } }`,
      { until: minuteOf(end), deadline: minuteOf(deadline) },
    );
    const count = expected.ratesAndBTCAmountAtDeadlineDate.paymentCounts;
    expect(count).toBeGreaterThan(0);

    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/common/transactions`);
    // The fields name the business zone and read what is typed as its wall clock.
    await typeDate(page, `End (${businessZone()})`, businessInput(end));
    await typeDate(page, `Deadline (${businessZone()})`, businessInput(deadline));
    // A rate of 0 is refused by the form before anything is sent.
    await page.getByTestId('rates-BTCHECRate').fill('0');
    await page.getByTestId('rates-BTCETHRate').fill('18.5');
    await page.getByTestId('rates-preview').click();
    await expect.poll(() => page.getByText('A rate must be more than 0').count()).toBe(1);
    await page.getByTestId('rates-BTCHECRate').fill('250000.123456789');
    await page.getByTestId('rates-preview').click();
    await page.getByTestId('rates-summary').waitFor();
    expect(await page.getByTestId('rates-payment-count').textContent()).toBe(String(count));
    await screenshot(page, 'transactions-rates-preview');
    // Committing asks first, with the number of payments it will fix.
    await page.getByTestId('rates-confirm').click();
    await page.getByTestId('rates-confirm-text').waitFor();
    expect(await page.getByTestId('rates-confirm-text').textContent()).toContain(String(count));
    await page.getByTestId('rates-confirm-yes').click();
    await page.getByText(`Rates assigned to ${count} payments`).waitFor();

    const after = await gql<{
      userPayments: { list: Array<{ status: string; assetFixedAt: string }> };
    }>(
      `query ($until: DateTime) { userPayments(input: { confirmedAtUntil: $until, assetFixedAtFrom: $until }) {
        list { status assetFixedAt } } }`,
      { until: minuteOf(end) },
    );
    expect(after.userPayments.list.length).toBeGreaterThan(0);
    expect(after.userPayments.list.every((p) => p.status === 'asset_fixed')).toBe(true);
    await context.close();
  });

  it('reads the bad row of a payments file, applies the fixed file, and lists it in the history', async () => {
    const data = await gql<{
      users: { list: Array<{ id: number; userName: string }> };
      plans: Array<{ id: number; name: string }>;
    }>(`{ users(pagination: { limit: 1 }) { list { id userName } } plans { id name } }`);
    const user = data.users.list[0]!;
    const plan = data.plans[0]!;
    const countOf = async () =>
      (
        await gql<{ userPayments: { pagination: { totalRecords: number } } }>(
          `query ($id: Int) { userPayments(input: { userId: $id }) { pagination { totalRecords } } }`,
          { id: user.id },
        )
      ).userPayments.pagination.totalRecords;
    const before = await countOf();
    const header = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt';
    const good = `${user.id},${plan.id},120,0,10.5,2026-01-05T09:00:00+09:00`;
    const bad = `${user.id},${plan.id},"1,000",0,3,2026-01-06T09:00:00+09:00`;
    const fixed = `${user.id},${plan.id},1000,0,3,2026-01-06T09:00:00+09:00`;

    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/common/transactions`);
    // The file chooser is a write control: enabled once the admin's role is known, as a person
    // sees it; a file set on the disabled input is not taken.
    await expect
      .poll(() => page.getByTestId('csv-payments-file').isEnabled(), { timeout: 15_000 })
      .toBe(true);
    await page.getByTestId('csv-payments-file').setInputFiles({
      name: 'payments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\r\n${good}\r\n${bad}\r\n`),
    });
    await page.getByTestId('csv-payments-check').click();
    const report = page.getByTestId('csv-payments-report');
    await report.waitFor();
    await report.getByText('Rows with errors: 1 of 2 (1 errors in all)').waitFor();
    const row = report.getByRole('table', { name: 'Errors in the file' }).getByRole('row').nth(1);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '3',
      'paidUsd',
      'Write the number without thousands separators such as 1,000',
    ]);
    expect(await page.getByTestId('csv-payments-apply').isDisabled()).toBe(true);
    await screenshot(page, 'transactions-payments-errors');

    // The check's report of every row: the names the ids resolved to, each row's result.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('csv-payments-check-report').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-check-report_\d{8}T\d{4}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(bytes.subarray(3).toString('utf8')) as string[][];
    expect(records[0]!.slice(-5)).toEqual([
      'user name',
      'plan name',
      'result',
      'reasons',
      'reason codes',
    ]);
    expect(records.slice(1).map((r) => [r[0], r[7], r[8], r[9]])).toEqual([
      ['2', user.userName, plan.name, 'OK'],
      ['3', user.userName, plan.name, 'error'],
    ]);
    expect(records[2]![10]).toBe(
      'paidUsd: Write the number without thousands separators such as 1,000',
    );

    await page.getByTestId('csv-payments-file').setInputFiles({
      name: 'payments-fixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\r\n${good}\r\n${fixed}\r\n`),
    });
    await page.getByTestId('csv-payments-check').click();
    await page.getByTestId('csv-payments-report').getByText('2 payments can be imported').waitFor();
    // Applying asks first, with the count and the totals of exactly this file.
    await page.getByTestId('csv-payments-apply').click();
    await page.getByTestId('csv-payments-confirm-text').waitFor();
    // One sentence built from the check's numbers (issue 35: it was two pasted together).
    expect(await page.getByTestId('csv-payments-confirm-text').textContent()).toMatch(
      /^Import 2 payment\(s\) \(Paid total \(USD\) [\d,]+\.\d\d, ETH total [\d,.]+, HEC total [\d,.]+\) from the 2 row\(s\) of the file\? This cannot be undone\.$/,
    );
    await page.getByTestId('csv-payments-confirm').click();
    await page.getByText('2 payments imported').waitFor();
    expect(await countOf()).toBe(before + 2);
    await page.locator('#import-history').getByText('payments-fixed.csv').waitFor();
    await screenshot(page, 'transactions-after-import');
    await context.close();

    // Phone width: the screen still works and nothing overflows sideways.
    const phone = await newPage(390);
    await phone.page.goto(`${server.baseUrl}/common/transactions`);
    await phone.page.getByTestId('rates-preview').waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(phone.page, 'transactions-phone');
    await phone.context.close();
  });
});
