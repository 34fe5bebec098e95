import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const received: Array<{ to: string[]; raw: string }> = [];
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-files-'));

beforeAll(async () => {
  // A real SMTP server: replies to inquirers are delivered to it by the app's worker.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, 'Accepted by the e2e sink');
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  [server, browser] = await Promise.all([
    startServer({
      FILE_STORAGE_DIR: filesDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Aube Support <support@aube.test>',
      MAIL_RATE_PER_SECOND: '100',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** A page at the laptop size, signed in, in the given language. */
async function openPage(email: string, locale: 'ja' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, email);
  return page;
}

type Contact = {
  id: string;
  userName: string;
  status: string;
  files: Array<{ id: string; fileName: string; sizeBytes: number }>;
};

/** Answers a GraphQL query as the reader. */
async function asReader<T>(query: string): Promise<T> {
  const login = await fetch(`${server.baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'reader@example.com', password: 'DemoPass123' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const response = await fetch(`${server.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-access-token': token },
    body: JSON.stringify({ query }),
  });
  return ((await response.json()) as { data: T }).data;
}

/** Open demo inquiries (backlog), with their files. */
async function openContacts(): Promise<Contact[]> {
  const data = await asReader<{ userContacts: { list: Contact[] } }>(
    '{ userContacts(userContactStatus: "backlog", pagination: { limit: 500 }) { list { id userName status files { id fileName sizeBytes } } } }',
  );
  return data.userContacts.list;
}

/** An open demo inquiry with an attachment, found through the API. */
async function openContactWithFile(): Promise<Contact> {
  const found = (await openContacts()).find((c) => c.files.length > 0);
  if (!found) throw new Error('the demo data has no open inquiry with a file');
  return found;
}

/** The row of an inquiry in the list, by its accessible name (either language). */
const inquiryRow = (id: string) => new RegExp(`#${id}(?!\\d)`);

/** Opens an inquiry's detail from the list, found by its user's name. */
async function openDetail(page: Page, contact: Contact, userNameLabel: string, search: string) {
  await page.goto(`${server.baseUrl}/common/support`);
  await page.getByLabel(userNameLabel).fill(contact.userName);
  await page.getByRole('button', { name: search }).click();
  const row = page.getByRole('row', { name: inquiryRow(contact.id) });
  await row.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading').first().waitFor();
  return dialog;
}

describe('support inquiries in the browser', () => {
  it('a write admin assigns and closes an inquiry and downloads its file', async () => {
    const contact = await openContactWithFile();
    const context = await browser.newContext({ acceptDownloads: true });
    await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'writer@example.com');
    await page.goto(`${server.baseUrl}/common/support`);
    await page.getByLabel('User name').fill(contact.userName);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: inquiryRow(contact.id) });
    await row.waitFor();
    await screenshot(page, 'support-list');
    await row.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(contact.files[0]!.fileName).waitFor();

    await dialog.getByLabel('Assignee').click();
    await page.getByRole('option', { name: 'writer01' }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 20_000 })
      .toContain('Assignee: Unassigned → writer01');
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 20_000 })
      .toContain('Status: Backlog → Closed');
    await screenshot(page, 'support-detail');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(contact.files[0]!.fileName);
    const saved = await download.path();
    expect(fs.statSync(saved).size).toBe(contact.files[0]!.sizeBytes);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => row.textContent(), { timeout: 20_000 })
      .toMatch(/Closed.*writer01|writer01.*Closed/);
    await context.close();
  });

  it('refuses the file to an anonymous caller', async () => {
    const contact = await openContactWithFile();
    const anonymous = await fetch(`${server.baseUrl}/files/support/${contact.files[0]!.id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('issue 26: the support screen in Japanese', () => {
  it('puts unanswered inquiries on top, takes its tabs from the server and picks the assignee from the admins', async () => {
    const page = await openPage('writer@example.com', 'ja');
    await page.goto(`${server.baseUrl}/common/support`);
    // Sorted by a column header like every other list: the status column's, open first.
    const statusHeader = page.getByRole('columnheader', { name: 'ステータス', exact: true });
    await expect.poll(() => statusHeader.getAttribute('aria-sort')).toBe('ascending');
    const statuses = page.locator('tbody tr .MuiChip-label');
    await statuses.first().waitFor();
    // "Oldest first, open on top": 未対応 first, then 対応中, and 完了 only after every open one.
    const shown = await statuses.allTextContents();
    const rank = (s: string) => ['未対応', '対応中', '完了'].indexOf(s);
    expect(shown[0]).toBe('未対応');
    expect(shown.map(rank)).toEqual([...shown.map(rank)].sort((a, b) => a - b));
    // The tabs are the server's statuses, in its order, in Japanese.
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.map((t) => t.replace(/ \(\d+\)$/, ''))).toEqual([
      'すべて',
      '未対応',
      '対応中',
      '完了',
    ]);
    await screenshot(page, 'support-list-ja');
    await page.getByRole('columnheader', { name: '問い合わせ日時' }).getByRole('button').click();
    await page.waitForURL(/sort=contactedAt&order=asc/);

    // The assignee filter is a choice of admins, not free text.
    await page.getByRole('combobox', { name: '担当者' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toContain('writer01');
    await page.getByRole('option', { name: 'writer01' }).click();
    await page.getByRole('button', { name: '検索' }).click();
    await page.waitForURL(/assigneeUserName=writer01/);
    await expect
      .poll(
        async () => {
          const cells = await page.locator('tbody tr td:nth-child(5)').allTextContents();
          return cells.length > 0 && cells.every((c) => c === 'writer01');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.context().close();
  });

  it('a write admin answers the inquirer by mail and leaves a note; blank and too long are refused', async () => {
    const contact = (await openContacts()).find((c) => c.files.length === 0)!;
    const page = await openPage('writer@example.com', 'ja');
    const dialog = await openDetail(page, contact, 'ユーザー名', '検索');
    await dialog.getByText('まだ回答やメモはありません。').waitFor();

    // Blank: refused with the field named, nothing written.
    await dialog.getByRole('button', { name: 'メールで回答する' }).click();
    await dialog.getByText('本文 を入力してください。').waitFor();
    // Too long: the server refuses it, worded in Japanese.
    await dialog.getByLabel('本文').fill('あ'.repeat(10_001));
    await dialog.getByRole('button', { name: 'メールで回答する' }).click();
    // A reply is mailed and cannot be taken back: it is confirmed first (issue 35).
    expect(await page.getByTestId('reply-confirm-text').textContent()).toBe(
      `この返信を ${contact.userName} さんにメールで送ります。送ったメールは取り消せません。`,
    );
    expect(received).toHaveLength(0);
    await page.getByTestId('reply-confirm').click();
    await dialog.getByText('本文 は 10000 文字以内にしてください。').waitFor();
    expect(await dialog.getByText('まだ回答やメモはありません。').count()).toBe(1);

    const answer = 'お問い合わせありがとうございます。出金は本日処理しました。';
    await dialog.getByLabel('本文').fill(answer);
    await dialog.getByRole('button', { name: 'メールで回答する' }).click();
    await page.getByTestId('reply-confirm').click();
    const reply = dialog.getByTestId('contact-message-reply');
    await reply.waitFor();
    expect(await reply.textContent()).toContain(answer);
    // The delivery status follows the outbox: queued, then sent by the worker.
    await expect
      .poll(() => reply.getByTestId('reply-delivery').textContent(), { timeout: 60_000 })
      .toBe('送信済み');
    // Exactly one message left: the reply (the refused attempts sent nothing).
    expect(received).toHaveLength(1);

    await dialog.getByRole('button', { name: '社内メモ' }).click();
    await dialog.getByLabel('本文').fill('経理に確認済み。');
    await dialog.getByRole('button', { name: 'メモを追加する' }).click();
    const note = dialog.getByTestId('contact-message-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('経理に確認済み。');
    expect(await note.getByTestId('reply-delivery').count()).toBe(0);
    await screenshot(page, 'support-reply-ja');
    await page.context().close();

    // Another admin (a reader, in English) sees both, and has nothing to write with.
    const readerPage = await openPage('reader@example.com', 'en');
    const seen = await openDetail(readerPage, contact, 'User name', 'Search');
    await seen.getByTestId('contact-message-note').waitFor();
    expect(await seen.getByTestId('contact-message-reply').textContent()).toContain('Sent');
    expect(await seen.getByTestId('contact-message-note').textContent()).toContain('Internal note');
    expect(await seen.getByRole('button', { name: 'Send reply by mail' }).count()).toBe(0);
    await screenshot(readerPage, 'support-reply-en');
    await readerPage.context().close();
  });
});
