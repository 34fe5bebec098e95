import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { gqlAs, signedInPage, signInToken } from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

// Issue 26, "actions that cannot be taken are not offered": an import report counts rows and
// errors apart ("3 行中 5 行に誤りがあります" counted five errors as rows) and, when nothing can
// be applied, says why, with no enabled apply button, in Japanese and in English. Two files:
// payments whose every row is wrong, and a transaction-hash file already applied.

let server: RunningServer;
let browser: Browser;
let token: string;

const TEXTS = {
  ja: {
    everyRowWrong: '3 行中 3 行に誤り（5 件）',
    allInvalid: '取り込めません: すべての行に誤りがあります。',
    rowsRead: '2 行を読み込みました',
    alreadyImported:
      '取り込めません: この内容のファイルは取込済みです。同じ内容は二度取り込めません。',
  },
  en: {
    everyRowWrong: 'Rows with errors: 3 of 3 (5 errors in all)',
    allInvalid: 'Nothing can be imported: every row has an error.',
    rowsRead: 'Rows read: 2',
    alreadyImported:
      'Nothing can be imported: a file with this content was already imported, and the same content is never imported twice.',
  },
} as const;

// The withdrawal kinds and their screens, to find processing requests the demo holds.
const KINDS = [
  ['atem', '/withdrawals/atem'],
  ['referral_reward', '/withdrawals/referral_rewards'],
  ['bonus_reward', '/withdrawals/bonus_rewards'],
  ['proportional_bonus', '/withdrawals/proportional_bonus'],
  ['affiliate_bonus', '/withdrawals/affiliate_bonus'],
  ['affiliate_saving', '/withdrawals/saving_coin'],
  ['saving', '/aubecoin_saving/withdrawals'],
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'writer@example.com');
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

/** Applies a transaction file through the API, as another tab or an earlier day did. */
async function applyTransactions(kind: string, csv: string): Promise<void> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation ($kind: WithdrawalKind!, $file: Upload!) {
        postWithdrawalTransactionsByCSV(kind: $kind, file: $file) { countTransactions } }`,
      variables: { kind, file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([csv], { type: 'text/csv' }), 'applied.csv');
  const response = await fetch(`${server.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'x-admin-access-token': token },
    body: form,
  });
  const body = (await response.json()) as {
    data?: { postWithdrawalTransactionsByCSV: { countTransactions: number } };
    errors?: { message: string }[];
  };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(body.data!.postWithdrawalTransactionsByCSV.countTransactions).toBe(2);
}

/** Two processing requests of one kind (the demo holds some), with that kind's screen. */
async function twoProcessing(): Promise<{ kind: string; route: string; ids: [string, string] }> {
  for (const [kind, route] of KINDS) {
    const data = await gql<{ withdrawalRequests: { list: Array<{ id: string }> } }>(
      `query ($kind: WithdrawalKind!, $input: WithdrawalListInput) {
        withdrawalRequests(kind: $kind, input: $input) { list { id } } }`,
      { kind, input: { searchParams: { status: 'processing' }, pagination: { limit: 2 } } },
    );
    const ids = data.withdrawalRequests.list.map((r) => r.id);
    if (ids.length === 2) return { kind, route, ids: [ids[0]!, ids[1]!] };
  }
  throw new Error('the demo has no kind with two processing requests');
}

async function signedIn(locale: 'ja' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const page = await signedInPage(browser, token, locale, { timezoneId: 'Asia/Tokyo' });
  page.setDefaultTimeout(30_000);
  return { context: page.context(), page };
}

/** No enabled apply button in `scope`, and the disabled one carries the stated reason. */
async function expectNoApply(scope: Locator, testId: string, reason: string): Promise<void> {
  const apply = scope.getByTestId(testId);
  expect(await apply.isDisabled()).toBe(true);
  expect(
    await apply.evaluate((el) =>
      el.closest('[data-action-reason]')?.getAttribute('data-action-reason'),
    ),
  ).toBe(reason);
  const enabledApplies = await scope
    .getByRole('button', { name: /取り込む|取込|^Import|Upload transaction CSV/ })
    .evaluateAll((buttons) => buttons.filter((b) => !(b as HTMLButtonElement).disabled).length);
  expect(enabledApplies).toBe(0);
}

/** Waits until the file chooser is enabled (a write control, once the role is known). */
async function chooserReady(page: Page, testId: string): Promise<void> {
  await expect.poll(() => page.getByTestId(testId).isEnabled(), { timeout: 30_000 }).toBe(true);
}

describe('import reports count rows and errors apart and say why nothing applies', () => {
  for (const locale of ['ja', 'en'] as const) {
    it(`a payments file whose every row is wrong (${locale})`, async () => {
      const text = TEXTS[locale];
      const { context, page } = await signedIn(locale);
      await page.goto(`${server.baseUrl}/common/transactions`);
      await chooserReady(page, 'csv-payments-file');
      // Three rows, five errors: ids that are not ids (two in two rows, one in one).
      const at = '2026-01-05T09:00:00+09:00';
      const csv = [
        'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt',
        `x,y,100,0,10,${at}`,
        `x,1,100,0,10,${at}`,
        `-,-,100,0,10,${at}`,
      ].join('\r\n');
      await page.getByTestId('csv-payments-file').setInputFiles({
        name: 'every-row-wrong.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByTestId('csv-payments-check').click();
      const report = page.getByTestId('csv-payments-report');
      await report
        .getByTestId('csv-payments-counts')
        .filter({ hasText: text.everyRowWrong })
        .waitFor();
      expect(await report.getByTestId('csv-payments-reason').textContent()).toBe(text.allInvalid);
      await expectNoApply(report, 'csv-payments-apply', text.allInvalid);
      await screenshot(page, `import-report-every-row-wrong-${locale}`);
      await context.close();
    }, 120_000);

    it(`a transaction-hash file already applied (${locale})`, async () => {
      const text = TEXTS[locale];
      const { kind, route, ids } = await twoProcessing();
      const hash = () => `0x${randomBytes(32).toString('hex')}`;
      const [a, b] = [hash(), hash()];
      const csv = `id,transactionHash\r\n${ids[0]},${a}\r\n${ids[1]},${b}\r\n`;
      await applyTransactions(kind, csv);

      const { context, page } = await signedIn(locale);
      await page.goto(`${server.baseUrl}${route}`);
      await chooserReady(page, 'transactions-upload');
      // The same file again: it was applied.
      await page.getByTestId('transactions-upload').setInputFiles({
        name: 'applied-again.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      let dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('transactions-upload-counts')
        .filter({ hasText: text.rowsRead })
        .waitFor();
      expect(await dialog.getByTestId('transactions-upload-reason').textContent()).toBe(
        text.alreadyImported,
      );
      await expectNoApply(dialog, 'transactions-upload-apply', text.alreadyImported);
      await screenshot(page, `import-report-already-applied-${locale}`);
      await dialog.getByRole('button', { name: locale === 'ja' ? 'キャンセル' : 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The same rows in another order are the same file (a file is its set of rows, issue 33).
      await page.getByTestId('transactions-upload').setInputFiles({
        name: 'applied-reordered.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`id,transactionHash\r\n${ids[1]},${b}\r\n${ids[0]},${a}\r\n`),
      });
      dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('transactions-upload-counts')
        .filter({ hasText: text.rowsRead })
        .waitFor();
      expect(await dialog.getByTestId('transactions-upload-reason').textContent()).toBe(
        text.alreadyImported,
      );
      await expectNoApply(dialog, 'transactions-upload-apply', text.alreadyImported);
      await context.close();
    }, 120_000);
  }
});

// Issue 26, "One language": a file refused whole (empty, a column missing) is said in the
// admin's language, not in the server's English, and leaves nothing to apply.
const FILE_PROBLEMS = {
  ja: {
    empty: 'ファイルが空です。1 行目に見出し行が必要です。',
    missing: '1 行目: 必須の列がありません: assetHEC',
  },
  en: {
    empty: 'The file is empty: its first line must be the header.',
    missing: 'Line 1: required columns are missing: assetHEC',
  },
} as const;

describe('a payments file refused whole is said in the admin’s language', () => {
  for (const locale of ['ja', 'en'] as const) {
    it(`an empty file and a file missing a column (${locale})`, async () => {
      const text = FILE_PROBLEMS[locale];
      const { context, page } = await signedIn(locale);
      await page.goto(`${server.baseUrl}/common/transactions`);
      await chooserReady(page, 'csv-payments-file');
      const check = async (name: string, content: string, expected: string) => {
        await page.getByTestId('csv-payments-file').setInputFiles({
          name,
          mimeType: 'text/csv',
          buffer: Buffer.from(content),
        });
        await page.getByTestId('csv-payments-check').click();
        const error = page.getByTestId('csv-payments-error');
        await error.filter({ hasText: expected }).waitFor();
        expect(await error.textContent()).toBe(expected);
        // Nothing to apply: no report and no apply button at all.
        expect(await page.getByTestId('csv-payments-report').count()).toBe(0);
        expect(await page.getByTestId('csv-payments-apply').count()).toBe(0);
      };
      await check('empty.csv', '', text.empty);
      await check(
        'no-asset-hec.csv',
        'userId,planId,paidUsd,assetETH,confirmedAt\r\n1,1,100,0,2026-01-05T09:00:00+09:00\r\n',
        text.missing,
      );
      await screenshot(page, `import-file-missing-column-${locale}`);
      await context.close();
    }, 120_000);
  }
});
