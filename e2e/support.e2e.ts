import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-files-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ FILE_STORAGE_DIR: filesDir }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

type Contact = {
  id: string;
  userName: string;
  status: string;
  files: Array<{ id: string; fileName: string; sizeBytes: number }>;
};

/** An open demo inquiry with an attachment, found through the API. */
async function openContactWithFile(): Promise<Contact> {
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
      query:
        '{ userContacts(userContactStatus: "backlog", pagination: { limit: 500 }) { list { id userName status files { id fileName sizeBytes } } } }',
    }),
  });
  const body = (await response.json()) as { data: { userContacts: { list: Contact[] } } };
  const found = body.data.userContacts.list.find((c) => c.files.length > 0);
  if (!found) throw new Error('the demo data has no open inquiry with a file');
  return found;
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
    const row = page.getByTestId(`contact-row-${contact.id}`);
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
