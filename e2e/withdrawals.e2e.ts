import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from './support/browser';
import { gqlAs, signInToken } from './support/routes-walk';
import {
  businessDayBounds,
  businessDayOf,
  startServer,
  type RunningServer,
} from './support/server';

// Issue 14 in the browser: one request approved by one writer, a large one (above the
// two-approver threshold) by two admins in two sign-ins, exported for signing (the file
// downloads), its transaction file uploaded, completed with its timeline; one rejected.

let server: RunningServer;
let browser: Browser;
let token: string;

const KINDS = [
  ['affiliate_saving', '/withdrawals/saving_coin'],
  ['referral_reward', '/withdrawals/referral_rewards'],
  ['atem', '/withdrawals/atem'],
  ['bonus_reward', '/withdrawals/bonus_rewards'],
  ['proportional_bonus', '/withdrawals/proportional_bonus'],
  ['affiliate_bonus', '/withdrawals/affiliate_bonus'],
  ['saving', '/aubecoin_saving/withdrawals'],
] as const;

type Request = {
  id: string;
  userId: number;
  status: string;
  requestedAt: string;
  requiredApprovals: number;
  approvals: Array<{ adminUserName: string }>;
  transactionHash: string | null;
  rejectReason: string | null;
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'reader@example.com');
  expect(token).toBeTruthy();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The admin API as this file's signed-in admin. */
async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gqlAs<T>(server.baseUrl, token, query, variables);
}

const FIELDS = `id userId status requestedAt requiredApprovals approvals { adminUserName }
  transactionHash rejectReason`;

async function requestsOf(kind: string, status: string): Promise<Request[]> {
  const data = await gql<{ withdrawalRequests: { list: Request[] } }>(
    `query ($kind: WithdrawalKind!, $input: WithdrawalListInput) {
      withdrawalRequests(kind: $kind, input: $input) { list { ${FIELDS} } } }`,
    {
      kind,
      input: {
        searchParams: { status },
        pagination: { limit: 500, sort: { target: 'amount', orderBy: 'DESC' } },
      },
    },
  );
  return data.withdrawalRequests.list;
}

async function requestById(kind: string, request: Request): Promise<Request> {
  const data = await gql<{ withdrawalRequests: { list: Request[] } }>(
    `query ($kind: WithdrawalKind!, $input: WithdrawalListInput) {
      withdrawalRequests(kind: $kind, input: $input) { list { ${FIELDS} } } }`,
    { kind, input: { searchParams: { userId: request.userId }, pagination: { limit: 500 } } },
  );
  return data.withdrawalRequests.list.find((r) => r.id === request.id)!;
}

/** A browser context signed in through the login page (which also sets the download cookie). */
async function signedIn(
  email: string,
  locale: 'en' | 'ja',
  width = 1366,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    timezoneId: 'UTC',
    acceptDownloads: true,
  });
  await context.addInitScript((lang) => localStorage.setItem('locale', lang), locale);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await signIn(page, server.baseUrl, email);
  return { context, page };
}

/** The kind's screen narrowed to the request's user and day, so its row is on the first page. */
async function openScreen(page: Page, route: string, request: Request): Promise<void> {
  const day = businessDayOf(request.requestedAt);
  await page.goto(
    `${server.baseUrl}${route}?userId=${request.userId}&requestedFrom=${day}&requestedUntil=${day}`,
  );
  await rowOf(page, request).waitFor();
}

function rowOf(page: Page, request: Request) {
  return page
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: request.id, exact: true }) });
}

async function openDetail(page: Page, request: Request) {
  await rowOf(page, request).click();
  const dialog = page
    .getByRole('dialog')
    .filter({ hasText: new RegExp(`(Withdrawal request|出金申請) ${request.id}`) });
  await dialog.waitFor();
  return dialog;
}

async function chipText(page: Page, request: Request): Promise<string> {
  return (await rowOf(page, request).locator('.MuiChip-label').first().textContent()) ?? '';
}

describe('withdrawals screens', () => {
  it('approves, approves a large one twice, exports, uploads its transactions, and rejects', async () => {
    // A kind with a large request awaiting its first approval and two ordinary ones.
    let chosen:
      | { kind: string; route: string; large: Request; small: Request; toReject: Request }
      | undefined;
    for (const [kind, route] of KINDS) {
      const requested = await requestsOf(kind, 'requested');
      const large = requested.find((r) => r.requiredApprovals === 2 && r.approvals.length === 0);
      const ordinary = requested.filter((r) => r.requiredApprovals === 1);
      if (large && ordinary.length >= 2) {
        chosen = { kind, route, large, small: ordinary[0]!, toReject: ordinary[1]! };
        break;
      }
    }
    expect(chosen, 'a kind with a large request and two ordinary ones').toBeDefined();
    const { kind, route, large, small, toReject } = chosen!;

    const writer = await signedIn('writer@example.com', 'en');
    const superAdmin = await signedIn('super@example.com', 'ja');
    try {
      const page = writer.page;

      // 1. One writer approves an ordinary request: it is approved at once.
      await openScreen(page, route, small);
      expect(await chipText(page, small)).toBe('Requested');
      let dialog = await openDetail(page, small);
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByTestId('approve-confirm').click();
      await page.getByText('1 request(s) approved.').waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => chipText(page, small), { timeout: 60_000 }).toBe('Approved');
      expect((await requestById(kind, small)).status).toBe('approved');

      // 2. The large one: the writer's approval is the first of two.
      await openScreen(page, route, large);
      dialog = await openDetail(page, large);
      await dialog.getByText('This amount needs the approval of two admins.').waitFor();
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByTestId('approve-confirm').click();
      await page.getByText('First approval recorded. A second admin must approve it.').waitFor();
      await dialog.getByText('You have approved it; it awaits another admin.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect
        .poll(() => rowOf(page, large).getByRole('cell', { name: '1 / 2' }).count())
        .toBe(1);
      expect(await chipText(page, large)).toBe('Requested');

      // ... and a second admin, signed in elsewhere (in Japanese), gives the second approval.
      const other = superAdmin.page;
      await openScreen(other, route, large);
      expect(await chipText(other, large)).toBe('申請中');
      const otherDialog = await openDetail(other, large);
      await otherDialog.getByRole('button', { name: '承認', exact: true }).click();
      // Approving asks first: one sentence, the count and the exact amount, whole and grouped
      // (issue 35: the dialog showed "40,167.32762979… HEC").
      const confirmText = await other.getByTestId('approve-confirm-text').textContent();
      expect(confirmText).toMatch(
        /^1 件の出金申請（合計 [\d,]+(\.\d{1,3}(\u202f\d{1,3})*)? [A-Z]+(、[\d,]+(\.\d{1,3}(\u202f\d{1,3})*)? [A-Z]+)*）を承認します。よろしいですか？$/,
      );
      expect(confirmText).not.toMatch(/[…≈]/);
      await screenshot(other, 'withdrawals-approve-confirm-ja');
      await other.getByTestId('approve-confirm').click();
      await other.getByText('1 件を承認しました。').waitFor();
      await otherDialog.getByRole('button', { name: '閉じる', exact: true }).click();
      await expect.poll(() => chipText(other, large), { timeout: 60_000 }).toBe('承認済み');
      await screenshot(other, 'withdrawals-approved-ja');
      const approved = await requestById(kind, large);
      expect(approved.status).toBe('approved');
      expect(approved.approvals.map((a) => a.adminUserName).sort()).toEqual([
        'super01',
        'writer01',
      ]);

      // 3. Export for signing from the list filtered by requested-at (the large request's
      // user and day): exactly the approved requests the filters show go into the file and
      // into processing, the confirmation saying how many; then the batch downloads again
      // from the screen, byte for byte.
      await page.reload();
      await rowOf(page, large).waitFor();
      await expect.poll(() => chipText(page, large), { timeout: 60_000 }).toBe('Approved');
      const day = businessDayOf(large.requestedAt);
      const filtered = await gql<{ withdrawalRequests: { list: Array<{ id: string }> } }>(
        `query ($kind: WithdrawalKind!, $input: WithdrawalListInput) {
          withdrawalRequests(kind: $kind, input: $input) { list { id } } }`,
        {
          kind,
          input: {
            searchParams: {
              status: 'approved',
              userId: large.userId,
              // The screen's filter of that day: the day in the business time zone.
              requestedAtFrom: businessDayBounds(day).from,
              requestedAtUntil: businessDayBounds(day).until,
            },
            pagination: { limit: 500 },
          },
        },
      );
      const expectedIds = filtered.withdrawalRequests.list.map((r) => r.id).sort();
      expect(expectedIds).toContain(large.id);
      await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Filters applied' });
      await confirm
        .getByTestId('export-count')
        .filter({ hasText: `Approved requests to export: ${expectedIds.length}` })
        .waitFor();
      await confirm
        .getByTestId('export-filters')
        .getByText(`Requested from: ${day.replace(/-/g, '/')} 00:00:00`, { exact: false })
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        confirm
          .getByRole('button', { name: `Export ${expectedIds.length} request(s)`, exact: true })
          .click(),
      ]);
      const firstBytes = fs.readFileSync((await download.path())!);
      // The success message names the file as it was saved (stamped in Asia/Tokyo).
      const savedAs = download.suggestedFilename();
      expect(savedAs).toMatch(/^[A-Za-z]+Csv_batch\d+_\d{8}T\d{4}\.csv$/);
      await page.getByText(`Exported ${expectedIds.length} request(s) to ${savedAs}.`).waitFor();
      const [header, ...lines] = firstBytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter((l) => l !== '');
      expect(header!.split(',')[0]).toBe('id');
      expect(lines.map((l) => l.split(',')[0]).sort()).toEqual(expectedIds);
      for (const id of expectedIds)
        expect((await requestById(kind, { ...large, id })).status).toBe('processing');
      expect((await requestById(kind, large)).status).toBe('processing');
      if (!expectedIds.includes(small.id))
        expect((await requestById(kind, small)).status).toBe('approved');
      await expect.poll(() => chipText(page, large), { timeout: 60_000 }).toBe('Processing');

      // The batch again, from the export history: the same bytes under the same name.
      await page.getByRole('button', { name: 'Export history', exact: true }).click();
      const history = page.getByRole('dialog').filter({ hasText: 'Signing export history' });
      const batchId = /_batch(\d+)_/.exec(savedAs)![1]!;
      const batchRow = history.getByRole('row').filter({
        has: page.getByRole('button', {
          name: `Download batch ${batchId} again as V1`,
          exact: true,
        }),
      });
      await batchRow.waitFor();
      await batchRow.getByRole('cell', { name: 'writer01' }).waitFor();
      await screenshot(page, 'withdrawals-export-history-en');
      const [again] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        batchRow
          .getByRole('button', { name: `Download batch ${batchId} again as V1`, exact: true })
          .click(),
      ]);
      expect(again.suggestedFilename()).toBe(savedAs);
      expect(fs.readFileSync((await again.path())!).equals(firstBytes)).toBe(true);
      await history.getByRole('button', { name: 'Close', exact: true }).click();

      // 4. Upload its transaction file: checked first, then applied; it is completed.
      const hash = `0x${randomBytes(32).toString('hex')}`;
      await page.getByTestId('transactions-upload').setInputFiles({
        name: `transactions-${large.id}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(`id,transactionHash\r\n${large.id},${hash}\r\n`),
      });
      const check = page.getByRole('dialog').filter({ hasText: `transactions-${large.id}.csv:` });
      await check.waitFor();
      expect(await check.getByTestId('upload-errors').getByRole('listitem').count()).toBe(0);
      await check.getByRole('button', { name: 'Upload transaction CSV', exact: true }).click();
      await check.waitFor({ state: 'detached' });
      await expect.poll(() => chipText(page, large), { timeout: 60_000 }).toBe('Completed');
      // The Completed tab now lists it.
      await page.getByRole('tab', { name: /^Completed \(/ }).click();
      await expect.poll(() => page.url()).toContain('status=completed');
      await rowOf(page, large).waitFor();

      // Its detail: the hash, and the timeline of who did what and when.
      dialog = await openDetail(page, large);
      // The import engine stores hashes as 0x + lower case, like the rest of the data.
      const stored = hash;
      await dialog.getByText(stored, { exact: true }).waitFor();
      const timeline = dialog.getByTestId('withdrawal-timeline').getByRole('listitem');
      await expect.poll(() => timeline.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
      const entries = await timeline.allTextContents();
      const when = /\d{4}[-/]\d{2}[-/]\d{2}/;
      expect(entries[0]).toMatch(/^Requested/);
      const approvals = entries.filter((e) => e.startsWith('Approved'));
      expect(approvals.some((e) => e.includes('· writer01') && when.test(e))).toBe(true);
      expect(approvals.some((e) => e.includes('· super01') && when.test(e))).toBe(true);
      expect(
        entries.some((e) => /^Exported for signing → Processing/.test(e) && e.includes('writer01')),
      ).toBe(true);
      expect(
        entries.some(
          (e) => /^Transaction CSV uploaded → Completed/.test(e) && e.includes('· writer01'),
        ),
      ).toBe(true);
      await screenshot(page, 'withdrawals-completed-detail-en');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      const completed = await requestById(kind, large);
      expect(completed.status).toBe('completed');
      expect(completed.transactionHash).toBe(stored);

      // 5. Reject one with a reason.
      const reason = `e2e: the address does not match the KYC record (${randomBytes(3).toString('hex')})`;
      await openScreen(page, route, toReject);
      dialog = await openDetail(page, toReject);
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      const rejectDialog = page.getByRole('dialog').filter({ hasText: 'Reject 1 request(s).' });
      await rejectDialog.waitFor();
      await rejectDialog.getByRole('combobox').click();
      await page.getByRole('option', { name: 'Suspected fraud' }).click();
      await rejectDialog.getByRole('textbox', { name: 'Details' }).fill(reason);
      await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await page.getByText('1 request(s) rejected.').waitFor();
      // The detail stays open and shows the answer at once: rejected, the reason in its
      // timeline; the row behind it says so once the detail is closed.
      await dialog
        .getByTestId('withdrawal-timeline')
        .getByRole('listitem')
        .filter({ hasText: /^Rejected/ })
        .filter({ hasText: reason })
        .filter({ hasText: '· writer01' })
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(0);
      await screenshot(page, 'withdrawals-rejected-en');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => chipText(page, toReject), { timeout: 60_000 }).toBe('Rejected');
      expect((await requestById(kind, toReject)).rejectReason).toContain(reason);
    } finally {
      await writer.context.close();
      await superAdmin.context.close();
    }
  }, 300_000);

  it('says what CSV export (V2) differs in, on the button and in its confirmation, in Japanese and English', async () => {
    const route = KINDS[0][1];
    const expected = {
      ja: /^V2 は署名ツールが読む形式です。送金 1 件につき 1 行/,
      en: /^V2 is the layout the signing tool reads: one row per coin transfer/,
    };
    for (const locale of ['ja', 'en'] as const) {
      const { context, page } = await signedIn('writer@example.com', locale);
      try {
        await page.goto(`${server.baseUrl}${route}?status=approved`);
        const button = page.getByTestId('signing-export-v2');
        await button.waitFor();
        expect(await button.getAttribute('title')).toMatch(expected[locale]);
        expect(await page.getByTestId('signing-export-v1').getAttribute('title')).toMatch(
          locale === 'ja' ? /^V1 は申請 1 件につき 1 行/ : /^V1 has one row per request/,
        );
        await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
        await button.click();
        const help = page.getByRole('dialog').getByTestId('export-layout-help');
        await help.waitFor();
        expect(await help.textContent()).toMatch(expected[locale]);
      } finally {
        await context.close();
      }
    }
  });

  it('fits a phone in English and Japanese', async () => {
    const route = KINDS[0][1];
    for (const locale of ['en', 'ja'] as const) {
      const { context, page } = await signedIn('writer@example.com', locale, 390);
      try {
        await page.goto(`${server.baseUrl}${route}`);
        await page.getByRole('tab').first().waitFor();
        await page.locator('tbody tr').first().waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(1);
        await screenshot(page, `withdrawals-phone-${locale}`);
      } finally {
        await context.close();
      }
    }
  }, 180_000);
});
