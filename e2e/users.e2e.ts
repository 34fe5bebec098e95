import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { gqlAs, signedInPage, signInToken } from './support/routes-walk';
import { seriousViolations } from './support/axe';
import { startServer, type RunningServer } from './support/server';

// The users, referral and coin-saving screens on the generated demo population.
// Values to filter by are read from the API first, never hard-coded.

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'reader@example.com');
  expect(token).toBeTruthy();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs one admin GraphQL call as the signed-in reader. */
/** The admin API as this file's signed-in admin. */
async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gqlAs<T>(server.baseUrl, token, query, variables);
}

/** A signed-in English page (token and locale seeded before the app starts). */
async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const page = await signedInPage(browser, token, 'en', { height: 900 });
  return { context: page.context(), page };
}

type ListedUser = {
  id: number;
  userName: string;
  inviteCode: string;
  cardStatus: number;
  totalBuyAmountUsd: string;
  aubeUserInfo: { email: string; forceClubIdHash: string | null };
};

const USER_FIELDS =
  'id userName inviteCode cardStatus totalBuyAmountUsd aubeUserInfo { email forceClubIdHash }';
const CARD_NAMES = ['None', 'Emerald', 'Ruby', 'Sapphire', 'Gold', 'Platinum', 'Black'];
const WITHDRAWAL_KIND_NAMES: Record<string, string> = {
  saving: 'Coin saving',
  affiliate_saving: 'Saving coin',
  referral_reward: 'Referral rewards',
  atem: 'ATEM',
  bonus_reward: 'Bonus rewards',
  payment_paid_value: 'Principal',
  proportional_bonus: 'Proportional bonus',
  affiliate_bonus: 'Affiliate bonus',
};

/** The row of the users table that opens `userName`. */
function userRow(page: Page, userName: string) {
  return page.getByRole('row', { name: `Open the detail of user ${userName}`, exact: true });
}

/** The names of the users shown in the users table, in order. */
async function shownUserNames(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('table', { name: 'Users' })
    .locator('tbody tr[aria-label]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace('Open the detail of user ', ''));
}

/** Waits until the users table's first row is `userName` (the page of data has arrived). */
async function firstRowIs(page: Page, userName: string) {
  await page.waitForFunction(
    (label) => document.querySelector('tbody tr[aria-label]')?.getAttribute('aria-label') === label,
    `Open the detail of user ${userName}`,
  );
}

/** Waits until no table is loading and returns the "N records" text. */
async function settledTotal(page: Page): Promise<string> {
  await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
  return (await page.getByText(/^[\d,]+ records?$/).textContent()) ?? '';
}

/** The English total line for `n` records, as the list shows it. */
function recordsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'}`;
}

/** Clears the filters and waits for the form to show the cleared URL (it remounts then). */
async function clearFilters(page: Page) {
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.waitForURL((url) => !url.search);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLInputElement>('form[role="search"] input')].every(
      (input) => input.value === '',
    ),
  );
}

/** Filters past the first line (the card-status chips among them) open with "more" (issue 26). */
async function openMoreFilters(page: Page) {
  const more = page.getByRole('search').getByRole('button', { name: /^More filters/ });
  if (await more.count()) await more.click();
}

async function search(page: Page, fields: Record<string, string>) {
  await clearFilters(page);
  await openMoreFilters(page);
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Search' }).click();
}

describe('users, referral and affiliate screens in Chromium', () => {
  it('finds a user by each kind of filter', async () => {
    const { users } = await gql<{ users: { list: ListedUser[] } }>(
      `query($p: PaginationInput) { users(pagination: $p) { list { ${USER_FIELDS} } } }`,
      { p: { limit: 50, offset: 0, sort: { target: 'totalBuyAmountUsd', orderBy: 'DESC' } } },
    );
    const user = users.list.find((u) => u.aubeUserInfo.forceClubIdHash) ?? users.list[0]!;
    expect(user.aubeUserInfo.forceClubIdHash).toBeTruthy();
    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/common/users`);
    await page.getByRole('table', { name: 'Users' }).waitFor();

    const byText: Record<string, string> = {
      'User name': user.userName,
      'Invite code': user.inviteCode,
      Email: user.aubeUserInfo.email,
      'ForceClub ID hash': user.aubeUserInfo.forceClubIdHash ?? '',
    };
    for (const [label, value] of Object.entries(byText)) {
      await search(page, { [label]: value });
      await userRow(page, user.userName).waitFor();
      await settledTotal(page);
      expect(await shownUserNames(page), label).toContain(user.userName);
    }

    // Total buy amount ≥ and ≤ the user's own amount: exactly the users with that amount.
    await search(page, {
      'Min. total buy (USD)': user.totalBuyAmountUsd,
      'Max. total buy (USD)': user.totalBuyAmountUsd,
    });
    await userRow(page, user.userName).waitFor();
    const sameAmount = await gql<{ users: { pagination: { totalRecords: number } } }>(
      `query($a: Decimal) { users(totalBuyAmountMoreThanOrEqual: $a, totalBuyAmountLessThanOrEqual: $a) { pagination { totalRecords } } }`,
      { a: user.totalBuyAmountUsd },
    );
    expect(await settledTotal(page)).toBe(recordsText(sameAmount.users.pagination.totalRecords));

    // Card status as a named chip: the total matches the API's count for that status.
    await clearFilters(page);
    await settledTotal(page);
    await openMoreFilters(page);
    await checkChip(page, CARD_NAMES[user.cardStatus]!);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`cardStatus=${user.cardStatus}`));
    const byStatus = await gql<{ users: { pagination: { totalRecords: number } } }>(
      `query($s: [Int!]) { users(cardStatus: $s) { pagination { totalRecords } } }`,
      { s: [user.cardStatus] },
    );
    await page.waitForFunction(
      (expected) => document.body.innerText.includes(expected),
      recordsText(byStatus.users.pagination.totalRecords),
    );
    const chips = await page
      .getByRole('table', { name: 'Users' })
      .locator('tbody .MuiChip-label')
      .allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    expect(new Set(chips)).toEqual(new Set([CARD_NAMES[user.cardStatus]]));
    await screenshot(page, 'users-filtered');
    await context.close();
  });

  it('opens a user’s detail with its nine sections and every view-all page', async () => {
    // A user with payments, coin-saving remittances and a reward snapshot.
    const { userSavings } = await gql<{ userSavings: { list: { userName: string }[] } }>(
      `{ userSavings(pagination: { limit: 40 }) { list { userName } } }`,
    );
    let chosen: { id: number; userName: string } | undefined;
    for (const { userName } of userSavings.list) {
      const { users } = await gql<{ users: { list: { id: number; userName: string }[] } }>(
        `query($n: String) { users(userName: $n) { list { id userName } } }`,
        { n: userName },
      );
      const candidate = users.list.find((u) => u.userName === userName);
      if (!candidate) continue;
      const data = await gql<{
        userPayments: { pagination: { totalRecords: number } };
        userRewardSnapshot: { remittances: unknown[] };
        userWithdrawalHistory: { pagination: { totalRecords: number } };
      }>(
        `query($id: Int!) {
          userPayments(input: { userId: $id }) { pagination { totalRecords } }
          userRewardSnapshot(userId: $id) { remittances { id } }
          userWithdrawalHistory(userId: $id) { pagination { totalRecords } }
        }`,
        { id: candidate.id },
      );
      if (
        data.userPayments.pagination.totalRecords > 0 &&
        data.userRewardSnapshot.remittances.length > 0 &&
        data.userWithdrawalHistory.pagination.totalRecords > 0
      ) {
        chosen = candidate;
        break;
      }
    }
    expect(chosen, 'a demo user with payments, savings, snapshots and withdrawals').toBeDefined();
    const user = chosen!;

    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/common/users?userName=${encodeURIComponent(user.userName)}`);
    // Open the detail by keyboard: focus the row and press Enter.
    await userRow(page, user.userName).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/common/users/${user.id}`);
    const sections = [
      'General info',
      'Saving info',
      'Coin saving',
      'Referral plan',
      'Payment history',
      'Reward snapshot',
      'Staking info',
      'Remittance history',
      'Withdrawal history',
    ];
    for (const name of sections)
      await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'General info' })
      .getByText(user.userName)
      .first()
      .waitFor();
    await screenshot(page, 'user-detail');

    const viewAll = async (section: string, path: string, heading: RegExp) => {
      await page
        .getByRole('region', { name: section, exact: true })
        .getByRole('link', { name: 'View all', exact: true })
        .click();
      await page.waitForURL(`${server.baseUrl}/common/users/${user.id}/${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByTestId('history-user').getByText(user.userName).waitFor();
      await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
      expect(await seriousViolations(page), path).toEqual([]);
    };

    await viewAll('Payment history', 'payment_history', /Payment history of user/);
    await page
      .getByRole('table', { name: 'Payment history' })
      .locator('tbody tr')
      .first()
      .waitFor();
    expect(await settledTotal(page)).not.toBe('0 records');
    await page.goBack();

    await viewAll('Remittance history', 'hec_remittance_history', /Remittance history of user/);
    await page.getByRole('table', { name: 'Coin saving remittances' }).waitFor();
    await page.getByText('Total sent (HEC)').first().waitFor();
    await page.getByText(/ HEC$/).first().waitFor();
    await page.goBack();

    await viewAll('Reward snapshot', 'reward_snapshot', /Reward snapshot of user/);
    await page.getByRole('region', { name: 'Totals' }).getByText('Total AUBE reward').waitFor();
    await page
      .getByRole('table', { name: 'Reward snapshot' })
      .locator('tbody tr')
      .first()
      .waitFor();
    await page.goBack();

    // Withdrawal history: the newest requests of every kind, and the view-all page with the
    // kind filter in the URL. The kind to filter by is the user's newest request's.
    const history = await gql<{
      userWithdrawalHistory: { list: { kind: string }[]; pagination: { totalRecords: number } };
    }>(
      `query($id: Int!) { userWithdrawalHistory(userId: $id, pagination: { limit: 1 }) { list { kind } pagination { totalRecords } } }`,
      { id: user.id },
    );
    const kind = history.userWithdrawalHistory.list[0]!.kind;
    const ofKind = await gql<{ userWithdrawalHistory: { pagination: { totalRecords: number } } }>(
      `query($id: Int!, $kind: WithdrawalKind) { userWithdrawalHistory(userId: $id, kind: $kind) { pagination { totalRecords } } }`,
      { id: user.id, kind },
    );
    await page
      .getByRole('table', { name: 'Withdrawal history' })
      .locator('tbody tr')
      .first()
      .waitFor();
    await viewAll('Withdrawal history', 'withdrawal_history', /Withdrawal history of user/);
    const withdrawals = page.getByRole('table', { name: 'Withdrawal history' });
    await withdrawals.locator('tbody tr').first().waitFor();
    expect(await settledTotal(page)).toBe(
      recordsText(history.userWithdrawalHistory.pagination.totalRecords),
    );
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: WITHDRAWAL_KIND_NAMES[kind], exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === kind);
    await page.waitForFunction(
      (expected) => document.body.innerText.includes(expected),
      recordsText(ofKind.userWithdrawalHistory.pagination.totalRecords),
    );
    await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
    // The kind is the second column; every row shown is of the chosen kind.
    const kinds = await withdrawals.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(kinds.length).toBe(Math.min(20, ofKind.userWithdrawalHistory.pagination.totalRecords));
    expect(new Set(kinds)).toEqual(new Set([WITHDRAWAL_KIND_NAMES[kind]]));
    await screenshot(page, 'user-withdrawal-history');
    await context.close();
  });

  it('walks a referral tree three levels down', async () => {
    type TreeNode = { id: number; userName: string; childrenCount: number };
    const childrenOf = async (userId: number) =>
      (
        await gql<{ referralTree: { children: TreeNode[] } }>(
          `query($id: Int) { referralTree(userId: $id, childrenLimit: 50) { children { id userName childrenCount } } }`,
          { id: userId },
        )
      ).referralTree.children;
    // A root with a path root → child → grandchild → great-grandchild.
    const { affiliateTrackRecords } = await gql<{
      affiliateTrackRecords: { list: { userId: number; userName: string }[] };
    }>(
      `{ affiliateTrackRecords(input: { pagination: { limit: 30, sort: { target: "numberOfChildren", orderBy: DESC } } }) { list { userId userName } } }`,
    );
    let path: TreeNode[] | undefined;
    for (const root of affiliateTrackRecords.list) {
      for (const child of (await childrenOf(root.userId)).filter((c) => c.childrenCount > 0)) {
        const grand = (await childrenOf(child.id)).find((g) => g.childrenCount > 0);
        if (!grand) continue;
        const great = (await childrenOf(grand.id))[0]!;
        path = [
          { id: root.userId, userName: root.userName, childrenCount: 1 },
          child,
          grand,
          great,
        ];
        break;
      }
      if (path) break;
    }
    expect(path, 'a demo user with three levels of referrals').toBeDefined();
    const [root, child, grand, great] = path!;

    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/common/referral`);
    await page.getByText('Select a user to see their parent').waitFor();
    const picker = page.getByRole('combobox', { name: 'Select a user' });
    await picker.fill(root!.userName);
    await page.getByRole('option', { name: root!.userName, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('user') === root!.userName);
    await page.getByTestId('referral-user').getByText(root!.userName).waitFor();
    // Level 1 is shown with numbered badges and registration times.
    const level1 = page.getByTestId(`referral-node-${child!.userName}`);
    await level1.waitFor();
    await expect(
      level1
        .getByText(/^Child \d+$/)
        .first()
        .textContent(),
    ).resolves.toMatch(/Child/);
    // Level 2 loads only when its parent is expanded.
    expect(await page.getByTestId(`referral-node-${grand!.userName}`).count()).toBe(0);
    await page.getByRole('button', { name: `Show the children of ${child!.userName}` }).click();
    const level2 = page.getByTestId(`referral-node-${grand!.userName}`);
    await level2.waitFor();
    await page.getByRole('button', { name: `Show the children of ${grand!.userName}` }).click();
    await page.getByTestId(`referral-node-${great!.userName}`).waitFor();
    // The relationship view shows the rewards of the selected user.
    const relationship = page.getByRole('region', { name: 'Relationship and rewards' });
    await relationship.getByText('Referral rewards').waitFor();
    await relationship.getByText('Bonus rewards').waitFor();
    await screenshot(page, 'referral-tree');
    await context.close();
  });

  it('reopens a copied link of a filtered, sorted, paged list with the same rows; back and forward work', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/common/users`);
    await page.getByRole('table', { name: 'Users' }).waitFor();
    // The first page has loaded before the filters are touched (a chip clicked while it loaded
    // did not stick in a loaded CI run).
    await settledTotal(page);
    await openMoreFilters(page);
    // Each chip is seen checked before the next is clicked. With three test lanes sharing the
    // machine's two cores, a chip clicked once stayed unchecked in 2 of 6 CI runs (not
    // understood yet: the chips' own toggling is tested in list-filters.test.tsx); this test is
    // about the link, so a chip still unchecked after 3 s is clicked again, and it says so.
    for (const name of ['Gold', 'Ruby']) await checkChip(page, name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/cardStatus=4&cardStatus=2/);
    await page.getByRole('button', { name: 'Total buy amount' }).click();
    await page.waitForURL(/sort=totalBuyAmountUsd/);
    await page
      .getByRole('columnheader', { name: 'Total buy amount' })
      .and(page.locator('[aria-sort="ascending"]'))
      .waitFor();
    await page.getByRole('button', { name: 'Total buy amount' }).click();
    await page.waitForURL(/order=desc/);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    // The rows the API gives for this view: Gold or Ruby, biggest buyers first, page 2.
    const { users } = await gql<{ users: { list: { userName: string }[] } }>(
      `{ users(cardStatus: [4, 2], pagination: { limit: 20, offset: 20, sort: { target: "totalBuyAmountUsd", orderBy: DESC } }) { list { userName } } }`,
    );
    const rows = users.list.map((u) => u.userName);
    expect(rows.length).toBe(20);
    await firstRowIs(page, rows[0]!);
    await settledTotal(page);
    expect(await shownUserNames(page)).toEqual(rows);
    const url = page.url();

    const other = await newPage();
    await other.page.goto(url);
    await other.page.getByRole('table', { name: 'Users' }).waitFor();
    await firstRowIs(other.page, rows[0]!);
    await settledTotal(other.page);
    expect(await shownUserNames(other.page)).toEqual(rows);
    expect(url, 'the copied link').toMatch(/cardStatus=4&cardStatus=2/);
    const gold = other.page.getByRole('checkbox', { name: 'Gold', exact: true });
    await expect(gold.getAttribute('aria-checked')).resolves.toBe('true');
    await other.context.close();

    // Back returns to page 1 of the same view, forward to page 2 again.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await page.goForward();
    await page.waitForURL(/page=2/);
    await firstRowIs(page, rows[0]!);
    await context.close();
  });

  it('shows rows on every list screen of the issue, with no serious accessibility violations', async () => {
    const { context, page } = await newPage();
    const screens: [string, string][] = [
      ['/common/users', 'Users'],
      ['/referral_plan/track_records', 'Affiliate track records'],
      ['/referral_plan/aggregation', 'Aggregation of transactions'],
      ['/referral_plan/aggregation?tab=remittances', 'Referral plan remittances'],
      ['/aubecoin_saving/addresses', 'Deposit addresses per plan'],
      ['/aubecoin_saving/remittance_history', 'Coin saving remittance history'],
    ];
    for (const [route, table] of screens) {
      await page.goto(`${server.baseUrl}${route}`);
      await page.getByRole('table', { name: table }).locator('tbody tr').nth(1).waitFor();
      expect(await settledTotal(page), route).not.toBe('0 records');
      expect(await seriousViolations(page), route).toEqual([]);
    }
    // The detail page and the referral screen too.
    const { users } = await gql<{ users: { list: { id: number; userName: string }[] } }>(
      `{ users(pagination: { limit: 1 }) { list { id userName } } }`,
    );
    await page.goto(`${server.baseUrl}/common/users/${users.list[0]!.id}`);
    await page.getByRole('heading', { level: 2, name: 'Withdrawal history' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
    expect(await seriousViolations(page), 'user detail').toEqual([]);
    await page.goto(
      `${server.baseUrl}/common/referral?user=${encodeURIComponent(users.list[0]!.userName)}`,
    );
    await page.getByTestId('referral-user').waitFor();
    expect(await seriousViolations(page), 'referral').toEqual([]);
    await context.close();
  });
});

/**
 * Clicks a chip and sees it checked. With three test lanes sharing the machine's two cores, a
 * chip clicked once stayed unchecked in some CI runs (not understood yet: the chips' own
 * toggling is tested in list-filters.test.tsx); these tests are about what the filter finds,
 * so a chip still unchecked after 3 s is clicked again, and it says so.
 */
async function checkChip(page: Page, name: string): Promise<void> {
  const chip = page.getByRole('checkbox', { name, exact: true });
  for (let attempt = 1; ; attempt++) {
    await chip.click();
    const checked = await page
      .waitForFunction(
        (label) =>
          [...document.querySelectorAll('[role="checkbox"]')].some(
            (el) => el.textContent === label && el.getAttribute('aria-checked') === 'true',
          ),
        name,
        { timeout: 3_000 },
      )
      .then(() => true)
      .catch(() => false);
    if (checked) return;
    if (attempt === 3) throw new Error(`the ${name} chip stayed unchecked after 3 clicks`);
    console.warn(`users.e2e: the ${name} chip was still unchecked 3 s after click ${attempt}`);
  }
}
