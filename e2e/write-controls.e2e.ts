import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue 26, "actions that cannot be taken are not offered": a read-only admin walks every
// route of the router's own table (a new route is walked without touching this file) and
// finds no enabled control that would change data; each disabled one says why.

let server: RunningServer;
let browser: Browser;
const tokens: Record<'reader' | 'writer', string> = { reader: '', writer: '' };
let userId = 0;
/** The web app's route table (apps/web/src/app/routes.tsx), read at run time: its module is the
 * web app's (JSX settings, path aliases), outside what this folder's type check compiles. */
let APP_ROUTES: Array<{ path: string }> = [];

async function signInToken(email: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'DemoPass123' }),
  });
  const body = (await response.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

beforeAll(async () => {
  const routesModule = new URL('../apps/web/src/app/routes.tsx', import.meta.url).pathname;
  ({ APP_ROUTES } = (await import(routesModule)) as { APP_ROUTES: Array<{ path: string }> });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  tokens.reader = await signInToken('reader@example.com');
  tokens.writer = await signInToken('writer@example.com');
  const response = await fetch(`${server.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-access-token': tokens.writer },
    body: JSON.stringify({ query: '{ users(pagination: { limit: 1 }) { list { id } } }' }),
  });
  const body = (await response.json()) as { data: { users: { list: Array<{ id: number }> } } };
  userId = body.data.users.list[0]!.id;
  expect(userId).toBeGreaterThan(0);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(
  who: 'reader' | 'writer',
  locale: 'ja' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(
    ([accessToken, lang]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('accessToken', accessToken!);
      localStorage.setItem('locale', lang!);
    },
    [tokens[who], locale],
  );
  return { context, page: await context.newPage() };
}

/** The route's path with its parameters filled (a user of the demo population). */
function pathOf(route: string): string {
  return route.replace(':id', String(userId));
}

type Found = { enabledWrites: string[]; unexplained: string[]; guarded: number; files: number };

/**
 * The page's write controls: every element marked as a write action and every file chooser
 * (an upload always writes), enabled or not, and whether a disabled one carries its reason.
 */
async function writeControls(page: Page): Promise<Found> {
  return page.evaluate(() => {
    const isDisabled = (el: Element) =>
      (el as HTMLButtonElement).disabled === true ||
      el.getAttribute('aria-disabled') === 'true' ||
      el.classList.contains('Mui-disabled') ||
      el.querySelector('.Mui-disabled, :disabled') !== null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const marked = [...document.querySelectorAll('[data-write-action]')];
    const files = [...document.querySelectorAll('input[type=file]')];
    const enabledWrites = [
      ...marked.filter((el) => !isDisabled(el)).map(describe),
      ...files
        .filter((el) => !(el as HTMLInputElement).disabled)
        .map((el) => `file input ${el.getAttribute('data-testid') ?? ''}`),
    ];
    const unexplained = marked
      .filter((el) => isDisabled(el))
      .filter((el) => !el.closest('[data-action-reason]')?.getAttribute('data-action-reason'))
      .map(describe);
    return { enabledWrites, unexplained, guarded: marked.length, files: files.length };
  });
}

/** Opens a route and waits until its data has arrived (no request in flight, no loading bar). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor();
  await page
    .waitForFunction(() => !document.querySelector('[role=progressbar]'), null, { timeout: 5000 })
    .catch(() => undefined);
}

describe('write controls by role', () => {
  it('a read-only admin finds no enabled write control on any route, and each says why', async () => {
    const { context, page } = await newPage('reader', 'ja');
    // A refusal the server had to give means the screen offered something it should not.
    const forbidden: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/graphql-admin')) return;
      const text = await response.text().catch(() => '');
      if (text.includes('"FORBIDDEN"')) forbidden.push(`${page.url()}: ${text.slice(0, 200)}`);
    });
    const problems: string[] = [];
    let guarded = 0;
    expect(APP_ROUTES.length).toBeGreaterThan(30);
    for (const route of APP_ROUTES) {
      await open(page, pathOf(route.path));
      const found = await writeControls(page);
      guarded += found.guarded;
      for (const c of found.enabledWrites) problems.push(`${route.path}: enabled ${c}`);
      for (const c of found.unexplained) problems.push(`${route.path}: no reason on ${c}`);
    }
    expect(problems).toEqual([]);
    expect(forbidden).toEqual([]);
    // The walk saw the controls it is about (Transactions, notifications, send mail).
    expect(guarded).toBeGreaterThanOrEqual(8);
    await context.close();
  }, 300_000);

  for (const locale of ['ja', 'en'] as const) {
    it(`the reader's Transactions screen explains its disabled controls (${locale})`, async () => {
      const { context, page } = await newPage('reader', locale);
      await open(page, '/common/transactions');
      const found = await writeControls(page);
      // Two file choosers, two checks, the rate preview and the add-payment submit.
      expect(found.files).toBe(2);
      expect(found.guarded).toBeGreaterThanOrEqual(6);
      expect(found.enabledWrites).toEqual([]);
      const reason =
        locale === 'ja'
          ? '閲覧権限では変更できません。書き込み権限のある管理者に依頼してください。'
          : 'Your read role cannot change data: ask an admin with the write role.';
      await page.getByTestId('add-submit').scrollIntoViewIfNeeded();
      await page
        .locator('[data-action-reason]')
        .filter({ has: page.getByTestId('add-submit') })
        .hover();
      await page.getByRole('tooltip').filter({ hasText: reason }).waitFor();
      await screenshot(page, `write-controls-reader-transactions-${locale}`);
      await context.close();
    });
  }

  it('a write admin gets the same controls enabled', async () => {
    const { context, page } = await newPage('writer', 'en');
    await open(page, '/common/transactions');
    const found = await writeControls(page);
    expect(found.files).toBe(2);
    // The file choosers and the rate preview are enabled for a writer; the checks wait for a
    // file (their own reason), so they are not counted here.
    expect(found.enabledWrites.length).toBeGreaterThanOrEqual(4);
    await context.close();
  });

  it('an action with nothing to act on is disabled with the reason (exports of 0 rows, approve with nothing selected)', async () => {
    const { context, page } = await newPage('writer', 'en');
    const reasonOf = (testId: string) =>
      page
        .locator('[data-action-reason]')
        .filter({ has: page.getByTestId(testId) })
        .first()
        .getAttribute('data-action-reason');
    // A users filter that matches nobody: the export says there is nothing to export.
    await open(page, '/common/users?userName=no-such-user-zz');
    await expect.poll(() => page.getByTestId('export-button').isDisabled()).toBe(true);
    expect(await reasonOf('export-button')).toBe(
      'There is nothing to export (0 rows match these filters).',
    );
    // A withdrawal filter with no approved request: both signing exports say so, and the
    // bulk actions wait for a selection.
    await open(page, '/withdrawals/atem?userId=999999999');
    for (const layout of ['v1', 'v2']) {
      await expect.poll(() => page.getByTestId(`signing-export-${layout}`).isDisabled()).toBe(true);
      expect(await reasonOf(`signing-export-${layout}`)).toBe(
        'There is nothing to export (0 rows match these filters).',
      );
    }
    const approve = page.getByRole('button', { name: 'Approve selected' });
    expect(await approve.isDisabled()).toBe(true);
    expect(
      await page
        .locator('[data-action-reason]')
        .filter({ has: approve })
        .getAttribute('data-action-reason'),
    ).toBe('Nothing is selected: pick rows in the list first.');
    await screenshot(page, 'write-controls-nothing-to-export-en');
    await context.close();
  });

  it('the transaction-hash upload states its columns and gives its template', async () => {
    const { context, page } = await newPage('writer', 'ja');
    await open(page, '/withdrawals/principal');
    expect(await page.getByTestId('transactions-upload-columns').textContent()).toBe(
      '列: id, hecTransactionHash, ethTransactionHash（処理中の申請が対象、# で始まる行は読み飛ばします）',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('transactions-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe('withdrawal-transactions-template.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFid,hecTransactionHash,ethTransactionHash');
    expect(text).toContain('16 進数 64 桁');
    await screenshot(page, 'write-controls-transaction-template-ja');
    await context.close();
  });
});
