import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, typeDate } from './support/browser';
import { gqlAs, signedInPage, signInToken } from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  // A real SMTP server in the test; the app's worker delivers to it.
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
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Aube <no-reply@aube.test>',
      MAIL_RATE_PER_SECOND: '100',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function tokenOf(email: string): Promise<string> {
  return signInToken(server.baseUrl, email);
}

/** A GraphQL call as the writer. */
async function asWriter<T>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  return gqlAs<T>(server.baseUrl, token ?? (await tokenOf('writer@example.com')), query, variables);
}

/** A page at the laptop size, signed in as the writer, in the given language. */
async function openPage(locale: 'ja' | 'en'): Promise<Page> {
  return signedInPage(browser, await tokenOf('writer@example.com'), locale);
}

/** The users with the lowest ids, through the API (as the users list shows them). */
async function firstUsers(count: number) {
  const token = await tokenOf('reader@example.com');
  const response = await fetch(`${server.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-access-token': token },
    body: JSON.stringify({
      query: `query ($limit: Int) { users(pagination: { limit: $limit, sort: { target: "id", orderBy: ASC } }) {
        list { id userName aubeUserInfo { email } } } }`,
      variables: { limit: count },
    }),
  });
  const body = (await response.json()) as {
    data: {
      users: { list: Array<{ id: number; userName: string; aubeUserInfo: { email: string } }> };
    };
  };
  return body.data.users.list.map((u) => ({
    id: u.id,
    userName: u.userName,
    email: u.aubeUserInfo.email,
  }));
}

describe('notifications and mail in the browser', () => {
  it('creates a notification, previews, test-sends, sends, and sees every recipient sent', async () => {
    const page = await signedInPage(browser, await tokenOf('writer@example.com'), 'en', {
      width: 1280,
      height: 720,
    });
    const context = page.context();
    await page.goto(`${server.baseUrl}/common/notification`);
    await page.getByRole('button', { name: 'New notification' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Save' }).click();
    // Every missing field at once, each beside its field (issue 35), and no toast.
    const besides = async (label: string) =>
      (await form.getByLabel(label).getAttribute('aria-invalid')) === 'true';
    await expect.poll(() => form.textContent()).toContain('Please input title.');
    expect(await form.textContent()).toContain('Please select a language.');
    expect(await form.textContent()).toContain('Please input content.');
    expect(await besides('Title')).toBe(true);
    expect(await besides('Content')).toBe(true);
    const described = async (label: string) => {
      const id = await form.getByLabel(label).getAttribute('aria-describedby');
      return id ? page.locator(`[id="${id.split(' ')[0]}"]`).textContent() : null;
    };
    expect(await described('Title')).toBe('Please input title.');
    expect(await described('Content')).toBe('Please input content.');
    await form.getByLabel('Title').fill('E2E maintenance notice');
    await form.getByLabel('Language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await form.getByLabel('Content').fill('The service stops at 2am UTC for ten minutes.');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    // Saved: no red toast of the first try left on screen.
    await page.getByTestId('snackbar').filter({ hasText: 'Saved.' }).waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    const row = page.getByRole('row', { name: /E2E maintenance notice/ });
    await row.waitFor();

    await row.getByRole('button', { name: 'Send mail' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('Do you want to send this mail?');
    await confirm.getByRole('button', { name: 'Open the send screen' }).click();
    await page.waitForURL(/\/common\/send_mail\?notificationId=\d+/);

    const preview = page.getByTestId('mail-preview');
    await expect.poll(() => preview.textContent()).toContain('E2E maintenance notice');
    await expect.poll(() => preview.textContent()).toContain('The service stops at 2am UTC');
    await expect
      .poll(() => page.getByTestId('recipient-count').textContent())
      .toMatch(/Recipients: [1-9]/);

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect
      .poll(() => page.getByTestId('send-progress').textContent(), { timeout: 60_000 })
      .toContain('Sent 1 of 1');
    expect(received.filter((m) => m.to.includes('writer@example.com'))).toHaveLength(1);

    // Three chosen users, so the test does not wait for the whole English audience. They are
    // found by name and by email in the picker; no id is typed.
    const chosen = await firstUsers(3);
    await page.getByLabel('Chosen users').check();
    const picker = page.getByRole('combobox', { name: 'Recipients' });
    for (const [i, user] of chosen.entries()) {
      await picker.fill(i === 1 ? user.email : user.userName);
      // A suggestion reads: the name, then the email and the id.
      await page.getByRole('option', { name: `${user.email} · #${user.id}` }).click();
    }
    for (const user of chosen) {
      await page.getByRole('button', { name: `${user.userName} <${user.email}>` }).waitFor();
    }
    await expect
      .poll(() => page.getByTestId('recipient-count').textContent())
      .toBe('Recipients: 3');
    // The screen names exactly who gets the mail.
    await expect
      .poll(() => page.getByTestId('recipients-who').getByRole('listitem').allTextContents())
      .toEqual(chosen.map((u) => `${u.userName} <${u.email}> · #${u.id}`));
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const sendConfirm = page.getByRole('dialog');
    await expect.poll(() => sendConfirm.textContent()).toContain('Do you want to send this mail?');
    await sendConfirm.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('send-progress').textContent(), { timeout: 60_000 })
      .toContain('Sent 3 of 3');
    const statuses = await page.getByTestId('recipient-status').allTextContents();
    expect(statuses).toEqual(['Sent', 'Sent', 'Sent']);
    // The send history: this send and the test before it, newest first.
    const history = page.getByRole('table', { name: 'Send history' });
    await screenshot(page, 'send-mail-history-en');
    await expect
      .poll(
        () =>
          history
            .locator('tbody tr')
            .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent)),
        { timeout: 30_000 },
      )
      .toEqual(['Chosen users', 'Test']);
    await screenshot(page, 'send-mail-sent');
    const userMails = received.filter((m) => !m.to.includes('writer@example.com'));
    expect(userMails).toHaveLength(3);
    expect(userMails.map((m) => m.to[0]).sort()).toEqual(chosen.map((u) => u.email).sort());
    for (const mail of userMails) {
      expect(mail.raw).toContain('Subject: E2E maintenance notice');
      expect(mail.raw).toContain('Content-Language: en');
    }
    await context.close();
  }, 180_000);
});

describe('issue 26: notifications and sends in Japanese', () => {
  it('an edit keeps お知らせ日時 unless it is changed, a set one is JST, and the list pages past 100', async () => {
    // More notifications than the 100 the list used to stop at, all older than the one below.
    const token = await tokenOf('writer@example.com');
    for (let i = 0; i < 101; i++) {
      await asWriter(
        `mutation ($title: String, $at: DateTime) { postCreateNotification(title: $title, content: "x", language: "ja", notifiedAt: $at) { message } }`,
        {
          title: `古いお知らせ ${i + 1}`,
          at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
        },
        token,
      );
    }
    const page = await openPage('ja');
    await page.goto(`${server.baseUrl}/common/notification`);
    await page.getByRole('button', { name: '新規作成' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('タイトル').fill('年始の営業時間について');
    await form.getByLabel('言語').click();
    await page.getByRole('option', { name: '日本語' }).click();
    await form.getByLabel('本文').fill('1月3日まで休業します。');
    // The time is the business zone's wall clock (JST), as the list shows it (short in the
    // cell, like every list; the zone is named under the list).
    await typeDate(form, /お知らせ日時/, '2027-01-01T09:00');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /年始の営業時間について/ });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('2027/01/01 09:00');

    // An edit of the title does not move the date users were shown.
    await row.getByRole('button', { name: '編集' }).click();
    const edit = page.getByRole('dialog');
    await expect
      .poll(() => edit.getByTestId('notified-at').inputValue(), { timeout: 20_000 })
      .toBe('2027/01/01 09:00');
    await edit.getByLabel('タイトル').fill('年始の営業時間について（更新）');
    await edit.getByRole('button', { name: '保存' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = page.getByRole('row', { name: /（更新）/ });
    await expect
      .poll(() => edited.textContent(), { timeout: 20_000 })
      .toContain('2027/01/01 09:00');
    await screenshot(page, 'notifications-ja');

    // Paged like every list, in Japanese: past the first 100.
    const pager = page.locator('.MuiTablePagination-displayedRows');
    await expect
      .poll(() => pager.textContent(), { timeout: 20_000 })
      .toMatch(/^1–20 \/ [\d,]+ 件$/);
    const total = Number(
      /\/ ([\d,]+) 件/.exec((await pager.textContent())!)![1]!.replace(/,/g, ''),
    );
    expect(total).toBeGreaterThan(100);
    await page.getByRole('combobox', { name: '表示件数' }).click();
    await page.getByRole('option', { name: '100' }).click();
    await expect.poll(() => pager.textContent(), { timeout: 20_000 }).toMatch(/^1–100 \//);
    await page.getByRole('button', { name: '次のページ' }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => pager.textContent(), { timeout: 20_000 })
      .toMatch(/^101–[\d,]+ \/ [\d,]+ 件$/);
    expect(await page.getByRole('row', { name: /古いお知らせ/ }).count()).toBeGreaterThan(0);
    await page.context().close();
  }, 180_000);

  it('pages a send’s recipients and lists the earlier sends with their counts', async () => {
    const users = await firstUsers(25);
    const { postCreateNotification } = await asWriter<{
      postCreateNotification: { notification: { id: number } };
    }>(
      'mutation { postCreateNotification(title: "受信者の多いお知らせ", content: "本文", language: "ja") { notification { id } } }',
    );
    const id = postCreateNotification.notification.id;
    const { postSendMail } = await asWriter<{ postSendMail: { mailSendId: string } }>(
      'mutation ($id: Int!, $ids: [Int!]) { postSendMail(notificationId: $id, userIds: $ids) { mailSendId } }',
      { id, ids: users.map((u) => u.id) },
    );
    const page = await openPage('ja');
    await page.goto(
      `${server.baseUrl}/common/send_mail?notificationId=${id}&sendId=${postSendMail.mailSendId}`,
    );
    await expect
      .poll(() => page.getByTestId('send-progress').textContent(), { timeout: 60_000 })
      .toContain('送信済み 25 / 25');
    // 25 recipients, 20 on the first page (the screen showed only the first 100 before).
    const recipients = page.getByRole('table', { name: '宛先ごとの状況' });
    await expect.poll(() => recipients.locator('tbody tr').count(), { timeout: 20_000 }).toBe(20);
    await expect.poll(() => page.getByText('1–20 / 25 件').count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: '次のページ' }).first().click();
    await page.waitForURL(/rcpt\.page=2/);
    await expect.poll(() => recipients.locator('tbody tr').count(), { timeout: 20_000 }).toBe(5);

    // The history of this notification's sends, with the counts.
    const history = page.getByRole('table', { name: '送信履歴' });
    const sendRow = history.locator('tbody tr').first();
    await expect
      .poll(() => sendRow.textContent(), { timeout: 30_000 })
      .toContain('指定したユーザー');
    // Recipients, sent, failed, waiting: the history polls every 2 s while a send delivers, so
    // it may still show the last poll's counts for a moment after the progress line is done.
    await expect
      .poll(async () => (await sendRow.locator('td').allTextContents()).slice(4, 8), {
        timeout: 20_000,
      })
      .toEqual(['25', '25', '0', '0']);
    await screenshot(page, 'send-mail-history-ja');
    await page.context().close();
  }, 180_000);
});
