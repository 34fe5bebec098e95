import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { gqlAs, signedInPage, signInToken, type Locale } from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

// Issue 26, readable and exact numbers: every screen that shows amounts, in Japanese and
// English on a 1366×768 laptop. No amount is written with more than 8 decimals, a rounded one
// starts with '≈' and gives its exact value on hover, in its accessible name, on the focus of the
// link or row holding it (an amount is never a tab stop of its own) and on copy, no amount
// runs out of its cell or card, and a chart says the date, value and unit of the point under
// the pointer or the keyboard. Screens are photographed (e2e/artifacts) at 1366 and 390 px.

let server: RunningServer;
let browser: Browser;
let token: string;
let user: { id: number; userName: string };
let period: { from: string; until: string };

/** The admin API as this file's signed-in admin. */
async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gqlAs<T>(server.baseUrl, token, query, variables);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'reader@example.com');
  // A user whose pages hold amounts: payments, remittances, withdrawals.
  const { users } = await gql<{ users: { list: { id: number; userName: string }[] } }>(
    `{ users(pagination: { limit: 50, sort: { target: "totalSentAmount", orderBy: DESC } }) { list { id userName } } }`,
  );
  for (const candidate of users.list) {
    const data = await gql<{
      userPayments: { pagination: { totalRecords: number } };
      userWithdrawalHistory: { pagination: { totalRecords: number } };
      userHecSavingRemittanceHistory: { pagination: { totalRecords: number } };
    }>(
      `query($id: Int!) {
        userPayments(input: { userId: $id }) { pagination { totalRecords } }
        userWithdrawalHistory(userId: $id) { pagination { totalRecords } }
        userHecSavingRemittanceHistory(userId: $id) { pagination { totalRecords } }
      }`,
      { id: candidate.id },
    );
    if (
      data.userPayments.pagination.totalRecords > 0 &&
      data.userWithdrawalHistory.pagination.totalRecords > 0 &&
      data.userHecSavingRemittanceHistory.pagination.totalRecords > 0
    ) {
      user = candidate;
      break;
    }
  }
  expect(user, 'a demo user with payments, withdrawals and remittances').toBeDefined();
  // A 30-day period with sales and rewards: the last 30 days when the demo reaches them,
  // otherwise September 2026, where the demo population is known to have them.
  const { dashboardStatistics: last30 } = await gql<{
    dashboardStatistics: { dateFrom: string; dateUntil: string; revenueUsd: { current: string } };
  }>(`{ dashboardStatistics(period: LAST_30_DAYS) { dateFrom dateUntil revenueUsd { current } } }`);
  period =
    Number(last30.revenueUsd.current) > 0
      ? { from: last30.dateFrom, until: last30.dateUntil }
      : { from: '2026-09-01', until: '2026-09-30' };
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(
  locale: Locale,
  size: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const page = await signedInPage(browser, token, locale, size);
  return { context: page.context(), page };
}

type Screen = { name: string; route: () => string };

const WITHDRAWALS = [
  '/aubecoin_saving/withdrawals',
  '/withdrawals/saving_coin',
  '/withdrawals/referral_rewards',
  '/withdrawals/atem',
  '/withdrawals/bonus_rewards',
  '/withdrawals/principal',
  '/withdrawals/proportional_bonus',
  '/withdrawals/affiliate_bonus',
];

/** Every route that shows amounts. */
const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    route: () => `/common/dashboard?period=CUSTOM&from=${period.from}&until=${period.until}`,
  },
  {
    name: 'asset-statistic',
    route: () => `/common/asset_statistic?from=${period.from}&until=${period.until}`,
  },
  { name: 'users', route: () => '/common/users?sort=totalHECAmount&order=desc' },
  { name: 'user-detail', route: () => `/common/users/${user.id}` },
  {
    name: 'user-remittance-history',
    route: () => `/common/users/${user.id}/hec_remittance_history`,
  },
  { name: 'user-payment-history', route: () => `/common/users/${user.id}/payment_history` },
  { name: 'user-reward-snapshot', route: () => `/common/users/${user.id}/reward_snapshot` },
  { name: 'user-withdrawal-history', route: () => `/common/users/${user.id}/withdrawal_history` },
  {
    name: 'referral',
    route: () => `/common/referral?user=${encodeURIComponent(user.userName)}`,
  },
  {
    name: 'reward-snapshot',
    route: () => `/common/reward_snapshot?userId=${user.id}&userName=${user.userName}`,
  },
  { name: 'saving-remittances', route: () => '/aubecoin_saving/remittance_history' },
  { name: 'aggregation', route: () => '/referral_plan/aggregation' },
  { name: 'track-records', route: () => '/referral_plan/track_records' },
  ...WITHDRAWALS.map((path) => ({ name: path.slice(1).replace(/\//g, '-'), route: () => path })),
];

/** Waits for the screen's data: amounts shown, no table or section still loading. */
async function settled(page: Page) {
  await page.locator('[data-amount]').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !document.querySelector('.MuiLinearProgress-root, .MuiCircularProgress-root'),
  );
}

type Audit = {
  amounts: number;
  rounded: number;
  /** Texts of the page that write more than 8 decimals outside an amount's tooltip. */
  longDecimals: string[];
  /** Amounts marked '≈' without data-exact/data-rounded, or rounded without the mark. */
  unmarked: string[];
  /** Amounts shown without '≈' whose digits (grouping aside) are not their exact value. */
  inexact: string[];
  /** Amounts whose box runs out of the block (cell, card, list item) that holds them. */
  overflowing: string[];
};

/** What the page shows of its amounts, read in the browser. */
async function audit(page: Page): Promise<Audit> {
  return page.evaluate(() => {
    const out: Audit = {
      amounts: 0,
      rounded: 0,
      longDecimals: [],
      unmarked: [],
      inexact: [],
      overflowing: [],
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[role="tooltip"], script, style, svg')) continue;
      if (parent.getClientRects().length === 0) continue; // not rendered
      const text = node.textContent ?? '';
      if (/\d\.\d{9,}/.test(text)) out.longDecimals.push(text.trim().slice(0, 80));
    }
    for (const element of document.querySelectorAll<HTMLElement>('[data-amount]')) {
      if (element.getClientRects().length === 0) continue;
      out.amounts++;
      const shown = element.textContent ?? '';
      const number = shown.split(' ')[0] ?? '';
      const exact = element.getAttribute('data-exact');
      const rounded = element.hasAttribute('data-rounded');
      if (rounded) out.rounded++;
      if (number.startsWith('≈') !== rounded || !exact) out.unmarked.push(shown);
      if (!rounded && number.replace(/\u202f/g, '') !== exact)
        out.inexact.push(`${shown} ≠ ${exact}`);
      let block = element.parentElement;
      while (block && /^(inline|contents)/.test(getComputedStyle(block).display))
        block = block.parentElement;
      if (!block) continue;
      const a = element.getBoundingClientRect();
      const b = block.getBoundingClientRect();
      const clipped = block.scrollWidth > block.clientWidth + 1 && block.clientWidth > 0;
      if (a.right > b.right + 1 || a.left < b.left - 1 || clipped)
        out.overflowing.push(`${shown} in <${block.tagName.toLowerCase()}>`);
    }
    return out;
  });
}

/** What takes the keyboard focus for an amount (AMOUNT_HOST in amount-text.tsx). */
const HOST =
  'xpath=ancestor::*[self::a[@href] or self::button or self::tr[@tabindex] or self::td[@tabindex] or (@role="row" and @tabindex)][1]';

/**
 * The exact value of a rounded amount is shown on hover and is its accessible name; the amount
 * is no tab stop, and the focus of the link or row holding it shows the exact value. Says
 * whether it had such a holder.
 */
async function expectExactOnHoverAndName(page: Page, amount: Locator, what: string) {
  const exact = (await amount.getAttribute('data-exact'))!;
  const tooltip = page.getByRole('tooltip');
  await amount.scrollIntoViewIfNeeded();
  await amount.hover();
  await tooltip.first().waitFor();
  expect(await tooltip.first().textContent(), `${what}: hover`).toContain(exact);
  await page.mouse.move(0, 0);
  await tooltip.first().waitFor({ state: 'detached' });
  expect(await amount.getAttribute('tabindex'), `${what}: no tab stop`).toBeNull();
  expect(await amount.getAttribute('aria-label'), `${what}: name`).toContain(exact);
  const host = amount.locator(HOST);
  if ((await host.count()) === 0) return false;
  await host.focus();
  await tooltip.first().waitFor();
  expect(await tooltip.allTextContents(), `${what}: focus of its link or row`).toContainEqual(
    expect.stringContaining(exact),
  );
  await page.keyboard.press('Escape');
  await tooltip.first().waitFor({ state: 'detached' });
  await host.blur();
  return true;
}

describe('readable, exact numbers on every screen with amounts', () => {
  it('writes amounts compact and marked, exact on hover, in their name and on their row’s focus, inside their boxes (ja, en, 1366×768)', async () => {
    const problems: Record<string, Partial<Audit>> = {};
    let roundedScreens = 0;
    let hostScreens = 0;
    for (const locale of ['ja', 'en'] as const) {
      const { context, page } = await newPage(locale);
      for (const screen of SCREENS) {
        const label = `${screen.name} ${locale}`;
        await page.goto(`${server.baseUrl}${screen.route()}`);
        await settled(page);
        const found = await audit(page);
        const bad = {
          ...(found.amounts === 0 && { amounts: 0 }),
          ...(found.longDecimals.length && { longDecimals: found.longDecimals.slice(0, 5) }),
          ...(found.unmarked.length && { unmarked: found.unmarked.slice(0, 5) }),
          ...(found.inexact.length && { inexact: found.inexact.slice(0, 5) }),
          ...(found.overflowing.length && { overflowing: found.overflowing.slice(0, 5) }),
        };
        if (Object.keys(bad).length) problems[label] = bad;
        if (found.rounded > 0) {
          roundedScreens++;
          // The first one on screen: a detail summary keeps its other rows hidden until asked.
          const first = page.locator('[data-rounded]:visible').first();
          if (await expectExactOnHoverAndName(page, first, label)) hostScreens++;
        }
        await screenshot(page, `amounts-${screen.name}-${locale}-1366`);
      }
      await context.close();
    }
    expect(problems).toEqual({});
    // The demo's 18-decimal amounts reach most screens: the hover and name checks ran, and
    // the focus check on the lists whose rows open and on the dashboard's figure links.
    expect(roundedScreens).toBeGreaterThan(10);
    expect(hostScreens).toBeGreaterThan(2);
  }, 600_000);

  it('issue 35: where an operator decides every digit shows, grouped; a card rounds with ≈, exact on hover and focus', async () => {
    const { context, page } = await newPage('ja');
    // A withdrawal list whose amount is rounded in its row (18 decimals in the demo).
    let row: Locator | null = null;
    for (const path of WITHDRAWALS) {
      await page.goto(`${server.baseUrl}${path}`);
      await settled(page);
      const rounded = page
        .locator('tbody tr[data-row-id]')
        .filter({ has: page.locator('[data-rounded]') });
      if ((await rounded.count()) > 0) {
        row = rounded.first();
        break;
      }
    }
    expect(row, 'a withdrawal list with a rounded amount').not.toBeNull();
    const inList = row!.locator('[data-rounded]').first();
    const exact = (await inList.getAttribute('data-exact'))!;
    expect(await inList.textContent()).toMatch(/^≈/);
    expect(exact.split('.')[1]?.length ?? 0).toBeGreaterThan(8);
    // The approval dialog (the request's detail, where 承認 and 却下 are) shows that amount
    // whole: every decimal, in groups of three, no mark, no tooltip needed.
    await row!.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const inDialog = dialog.locator(`[data-amount][data-exact="${exact}"]`).first();
    const shown = (await inDialog.textContent())!.split(' ')[0]!;
    expect(shown).not.toMatch(/[≈…]/);
    expect(shown.replace(/\u202f/g, '')).toBe(exact);
    expect(shown.split('.')[1]).toMatch(/^\d{3}(\u202f\d{3})*(\u202f\d{1,2})?$/);
    expect(await inDialog.getAttribute('data-rounded')).toBeNull();
    expect(await dialog.locator('[data-rounded]').count(), 'no rounded amount in the dialog').toBe(
      0,
    );
    await screenshot(page, 'amounts-approval-dialog-ja-1366');
    await page.keyboard.press('Escape');

    // A dashboard card: its figure rounded and marked, the exact value on hover and on the
    // focus of the figure's link.
    await page.goto(`${server.baseUrl}${SCREENS[0]!.route()}`);
    await settled(page);
    const figure = page.getByTestId('figure').locator('[data-rounded]').first();
    await figure.waitFor();
    const cardExact = (await figure.getAttribute('data-exact'))!;
    expect(await figure.textContent()).toMatch(/^≈[\d,]+(\.\d{1,8})? [A-Z]+$/);
    await figure.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.first().waitFor();
    expect(await tooltip.first().textContent()).toContain(cardExact);
    await page.mouse.move(0, 0);
    await tooltip.first().waitFor({ state: 'detached' });
    await figure.locator(HOST).focus();
    await tooltip.first().waitFor();
    expect(await tooltip.allTextContents()).toContainEqual(expect.stringContaining(cardExact));
    await context.close();
  }, 120_000);

  it('copies exact values: a selected amount, and a whole card holding rounded ones', async () => {
    const { context, page } = await newPage('en');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    await page.goto(`${server.baseUrl}${SCREENS[0]!.route()}`);
    await settled(page);
    const widget = page.getByTestId('widget-campaign');
    const change = widget.getByTestId('change').locator('[data-rounded]').first();
    await change.waitFor();
    const exact = (await change.getAttribute('data-exact'))!;
    await change.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    });
    await page.keyboard.press('Control+C');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(exact);
    // The whole card selected: its text with every rounded amount written exactly.
    const exacts = await widget
      .locator('[data-rounded]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-exact')!));
    await widget.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    });
    await page.keyboard.press('Control+C');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(exacts.length).toBeGreaterThan(0);
    for (const value of exacts) expect(copied).toContain(value);
    expect(copied).not.toContain('≈');
    await context.close();
  }, 120_000);

  it('a list with amounts has no tab stop per amount: its tab stops do not grow with them', async () => {
    const { context, page } = await newPage('en');
    await page.goto(`${server.baseUrl}/aubecoin_saving/remittance_history`);
    await settled(page);
    const found = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const TABBABLE =
          'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
        const stops = (root: Element) =>
          [root, ...root.querySelectorAll(TABBABLE)].filter((e) => e.matches(TABBABLE)).length;
        // The same table without its amounts: the tab stops left are the ones amounts do not add.
        const bare = table.cloneNode(true) as Element;
        for (const amount of bare.querySelectorAll('[data-amount]')) amount.remove();
        return {
          rows: table.querySelectorAll('tbody tr').length,
          rounded: table.querySelectorAll('[data-rounded]').length,
          stops: stops(table),
          withoutAmounts: stops(bare),
        };
      });
    // A rounded amount on every row (each was a tab stop of its own before issue 26's fix).
    expect(found.rows).toBeGreaterThan(10);
    expect(found.rounded).toBeGreaterThanOrEqual(found.rows);
    expect(found.stops).toBe(found.withoutAmounts);
    await context.close();
  }, 120_000);

  it('charts give the date, value and unit of the point under the pointer and of the keyboard', async () => {
    for (const locale of ['ja', 'en'] as const) {
      const { context, page } = await newPage(locale);
      for (const screen of SCREENS.slice(0, 2)) {
        await page.goto(`${server.baseUrl}${screen.route()}`);
        await settled(page);
        const chart = page.locator('[data-testid="chart"]').first();
        const svg = chart.locator('svg');
        await svg.waitFor();
        const tooltip = chart.getByTestId('chart-tooltip');
        const box = (await svg.boundingBox())!;
        // The pointer over the middle of the plot.
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        const hovered = (await tooltip.textContent()) ?? '';
        expect(hovered, `${screen.name} ${locale}`).toMatch(/^\d{4}-\d{2}-\d{2}.*\d.* USD$/);
        await page.mouse.move(0, 0);
        await expect.poll(() => tooltip.textContent()).toBe('');
        // The keyboard: Tab reaches the chart, which shows its last point; ← goes one back.
        await svg.focus();
        const last = (await tooltip.textContent()) ?? '';
        expect(last, `${screen.name} ${locale}`).toMatch(/^(\d{4}-\d{2}-\d{2}).*\d.* USD$/);
        await page.keyboard.press('ArrowLeft');
        const previous = (await tooltip.textContent()) ?? '';
        expect(previous).toMatch(/^\d{4}-\d{2}-\d{2}.*\d.* USD$/);
        expect(previous.slice(0, 10) < last.slice(0, 10), 'ArrowLeft goes to the day before').toBe(
          true,
        );
        await page.keyboard.press('End');
        expect(await tooltip.textContent()).toBe(last);
        await screenshot(page, `amounts-chart-${screen.name}-${locale}-1366`);
        await svg.blur();
      }
      // A count chart names its unit too.
      await page.goto(`${server.baseUrl}${SCREENS[0]!.route()}`);
      await settled(page);
      const users = page.getByTestId('widget-newUser').locator('[data-testid="chart"]');
      await users.locator('svg').focus();
      expect(await users.getByTestId('chart-tooltip').textContent()).toMatch(
        locale === 'ja' ? /\d 人$/ : /\d users?$/,
      );
      await context.close();
    }
  }, 180_000);

  it('photographs the amount screens at phone width (390 px), amounts inside their boxes', async () => {
    const problems: Record<string, string[]> = {};
    for (const locale of ['ja', 'en'] as const) {
      const { context, page } = await newPage(locale, { width: 390, height: 844 });
      for (const screen of SCREENS.filter((s) =>
        ['dashboard', 'asset-statistic', 'user-detail', 'withdrawals-atem'].includes(s.name),
      )) {
        await page.goto(`${server.baseUrl}${screen.route()}`);
        await settled(page);
        const found = await audit(page);
        if (found.overflowing.length) problems[`${screen.name} ${locale}`] = found.overflowing;
        await screenshot(page, `amounts-${screen.name}-${locale}-390`);
      }
      await context.close();
    }
    expect(problems).toEqual({});
  }, 240_000);
});
