import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { writeControls } from './support/route-checks';
import { signedInPage, signInToken } from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

// Issue 26, "actions that cannot be taken are not offered": a read-only admin's Transactions
// screen explains its disabled controls, a writer gets them enabled, and an action with
// nothing to act on says so. The reader's walk over every route (no enabled write control
// anywhere) is part of e2e/every-route.e2e.ts, which opens each page once for all its checks.

let server: RunningServer;
let browser: Browser;
const tokens: Record<'reader' | 'writer', string> = { reader: '', writer: '' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [tokens.reader, tokens.writer] = await Promise.all([
    signInToken(server.baseUrl, 'reader@example.com'),
    signInToken(server.baseUrl, 'writer@example.com'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(
  who: 'reader' | 'writer',
  locale: 'ja' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const page = await signedInPage(browser, tokens[who], locale);
  return { context: page.context(), page };
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

  it('the reader sees the rate and add-payment forms read-only, with one line saying why (issue 35)', async () => {
    const { context, page } = await newPage('reader', 'ja');
    await open(page, '/common/transactions');
    const found = await writeControls(page);
    expect(found.liveFields).toEqual([]);
    // One line per write form, and every field of it disabled: nothing typed, nothing searched.
    const notes = page.getByTestId('read-only-form');
    expect(await notes.count()).toBe(2);
    expect(await notes.first().textContent()).toContain('閲覧権限では変更できません');
    for (const testId of ['rates-BTCHECRate', 'rates-startAt', 'add-paidUsd', 'add-assetETH'])
      expect(await page.getByTestId(testId).isDisabled(), testId).toBe(true);
    await screenshot(page, 'write-controls-reader-transactions-forms-ja');
    await context.close();
  });

  it("the reader's withdrawal list offers no selection boxes and shows its actions disabled with the reason (issue 35)", async () => {
    const { context, page } = await newPage('reader', 'en');
    await open(page, '/withdrawals/principal');
    await page.locator('tbody tr').first().waitFor();
    const found = await writeControls(page);
    expect(found.selectionBoxes).toBe(0);
    expect(found.liveFields).toEqual([]);
    const reason = 'Your read role cannot change data: ask an admin with the write role.';
    const reasonOf = (name: string) =>
      page
        .locator('[data-action-reason]')
        .filter({ has: page.getByRole('button', { name, exact: true }) })
        .first()
        .getAttribute('data-action-reason');
    for (const name of [
      'Approve selected',
      'Reject selected',
      'Export CSV',
      'Export CSV (V2)',
      'Export history',
    ]) {
      const button = page.getByRole('button', { name, exact: true }).first();
      expect(await button.isVisible(), name).toBe(true);
      expect(await button.isDisabled(), name).toBe(true);
      expect(await reasonOf(name), name).toBe(reason);
    }
    await context.close();
  });

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
