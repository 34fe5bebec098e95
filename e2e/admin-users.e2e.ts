import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh browser profile showing the English texts of the spec. */
async function englishContext(): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('locale', 'en'));
  return context;
}

describe('admin accounts in the browser', () => {
  it('a super admin creates an admin; the new admin signs in with the one-time password and changes it', async () => {
    const superContext = await englishContext();
    const page = await superContext.newPage();
    await signIn(page, server.baseUrl, 'super@example.com');
    await page.goto(`${server.baseUrl}/admin_user`);
    await page.getByRole('button', { name: 'Add admin user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/User name/).fill('e2eadmin1');
    await dialog.getByLabel(/Email/).fill('e2e.admin@example.com');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.textContent()).toContain("Please select admin user's role");
    await dialog.getByRole('checkbox', { name: 'write' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const otpInput = page.getByTestId('one-time-password');
    await otpInput.waitFor();
    const oneTimePassword = await otpInput.inputValue();
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await screenshot(page, 'admin-user-created');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('admin-row-e2eadmin1').waitFor();

    // The new admin, in another browser profile.
    const newContext = await englishContext();
    const newPage = await newContext.newPage();
    await signIn(newPage, server.baseUrl, 'e2e.admin@example.com', oneTimePassword);
    await newPage.goto(`${server.baseUrl}/profile`);
    await newPage.getByTestId('must-change-password').waitFor();
    await newPage.getByLabel('Old password').fill(oneTimePassword);
    await newPage.getByLabel('New password', { exact: true }).fill('E2eChanged99');
    await newPage.getByLabel('New password (confirmation)').fill('E2eChanged99');
    await newPage.getByRole('button', { name: 'Save' }).click();
    await newPage.getByTestId('must-change-password').waitFor({ state: 'detached' });
    await expect.poll(() => newPage.getByTestId('two-factor-status').textContent()).toContain('off');
    await screenshot(newPage, 'profile-after-password-change');

    const login = async (password: string) =>
      (
        await fetch(`${server.baseUrl}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'e2e.admin@example.com', password }),
        })
      ).status;
    expect(await login('E2eChanged99')).toBe(200);
    expect(await login(oneTimePassword)).toBe(401);

    // The super admin deletes the account after the spec's confirmation.
    await page.getByRole('button', { name: 'Delete e2eadmin1' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Do you want to delete this account?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('admin-row-e2eadmin1').waitFor({ state: 'detached' });
    expect(await login('E2eChanged99')).toBe(401);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(3);
    await expect.poll(() => page.getByRole('table', { name: 'Audit log' }).textContent()).toContain('postDeleteAdminUser');
    await screenshot(page, 'audit-log');
    await newContext.close();
    await superContext.close();
  });

  it('a read admin cannot reach /admin_user and gets the 403 page', async () => {
    const context = await englishContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'reader@example.com');
    await page.goto(`${server.baseUrl}/admin_user`);
    await expect.poll(() => page.textContent('body')).toContain('Sorry, access denied.');
    expect(await page.getByRole('button', { name: 'Add admin user' }).count()).toBe(0);
    await context.close();
  });
});
