import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from './support/browser';
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

/** The users with the lowest ids, through the API (as the users list shows them). */
async function firstUsers(count: number) {
  const login = await fetch(`${server.baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'reader@example.com', password: 'DemoPass123' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
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
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'writer@example.com');
    await page.goto(`${server.baseUrl}/common/notification`);
    await page.getByRole('button', { name: 'New notification' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.textContent()).toContain('Please input title.');
    await form.getByLabel('Title').fill('E2E maintenance notice');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.textContent()).toContain('Please select a language.');
    await form.getByLabel('Language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await form.getByLabel('Content').fill('The service stops at 2am UTC for ten minutes.');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
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
    await screenshot(page, 'send-mail-sent');
    const userMails = received.filter((m) => !m.to.includes('writer@example.com'));
    expect(userMails).toHaveLength(3);
    expect(userMails.map((m) => m.to[0]).sort()).toEqual(chosen.map((u) => u.email).sort());
    for (const mail of userMails) {
      expect(mail.raw).toContain('Subject: E2E maintenance notice');
      expect(mail.raw).toContain('Content-Language: en');
    }
    await context.close();
  });
});
