import { createHmac } from 'node:crypto';
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

/** RFC 6238 code (SHA-1, 6 digits, 30 s) for a base32 secret, `stepOffset` steps from now. */
function totp(secretBase32: string, stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secretBase32) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

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
    await newPage.goto(`${server.baseUrl}/login`);
    await newPage.getByLabel(/email/i).fill('e2e.admin@example.com');
    await newPage.getByLabel(/password/i).fill(oneTimePassword);
    await newPage.getByRole('button', { name: /sign in/i }).click();
    // Until the one-time password is replaced, every page leads to /profile.
    await newPage.waitForURL(`${server.baseUrl}/profile`);
    await newPage.getByTestId('must-change-password').waitFor();
    await newPage.goto(`${server.baseUrl}/common/users`);
    await newPage.waitForURL(`${server.baseUrl}/profile`);
    await newPage.getByLabel('Old password').fill(oneTimePassword);
    await newPage.getByLabel('New password', { exact: true }).fill('E2eChanged99');
    await newPage.getByLabel('New password (confirmation)').fill('E2eChanged99');
    await newPage.getByRole('button', { name: 'Save' }).click();
    await newPage.getByTestId('must-change-password').waitFor({ state: 'detached' });
    await newPage.goto(`${server.baseUrl}/common/dashboard`);
    await newPage.getByTestId('signed-in-admin').waitFor();
    await newPage.goto(`${server.baseUrl}/profile`);
    await expect
      .poll(() => newPage.getByTestId('two-factor-status').textContent())
      .toContain('off');
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

    // Two-factor enrolment with the QR code, then sign-in through the page needs a code.
    await newPage.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await newPage.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = (await newPage.getByTestId('totp-secret').textContent()) ?? '';
    await newPage.getByLabel('Authentication code').fill(totp(secret));
    await newPage.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() => newPage.getByTestId('two-factor-status').textContent())
      .toContain('is on');
    await screenshot(newPage, 'profile-two-factor-on');
    expect(await login('E2eChanged99')).toBe(401);
    const totpContext = await englishContext();
    const totpPage = await totpContext.newPage();
    await totpPage.goto(`${server.baseUrl}/login`);
    await totpPage.getByLabel(/email/i).fill('e2e.admin@example.com');
    await totpPage.getByLabel(/password/i).fill('E2eChanged99');
    await totpPage.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => totpPage.getByRole('alert').textContent()).toContain('6-digit code');
    // The enrolment used this step's code; the next step's is accepted (one step of drift).
    await totpPage.getByLabel('Authentication code').fill(totp(secret, 1));
    await totpPage.getByRole('button', { name: /sign in/i }).click();
    await totpPage.waitForURL(`${server.baseUrl}/common/dashboard`);
    await totpContext.close();

    // The super admin deletes the account after the spec's confirmation.
    await page.getByRole('button', { name: 'Delete e2eadmin1' }).click();
    await expect
      .poll(() => page.getByRole('dialog').textContent())
      .toContain('Do you want to delete this account?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('admin-row-e2eadmin1').waitFor({ state: 'detached' });
    expect(await login('E2eChanged99')).toBe(401);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    const auditRows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    await expect.poll(() => auditRows.count()).toBeGreaterThan(3);
    await expect
      .poll(() => page.getByRole('table', { name: 'Audit log' }).textContent())
      .toContain('Admin user deleted'); // the operation's translated name (issue 17)
    await screenshot(page, 'audit-log');
    await newContext.close();
    await superContext.close();
  });

  it('in Japanese, the last super admin’s refusal is Japanese text, not the server’s English (issue 26)', async () => {
    // A fresh profile: Japanese is the default language.
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'super@example.com');
    await page.goto(`${server.baseUrl}/admin_user`);
    await page.getByRole('button', { name: 'ロールを編集 super01' }).click();
    const dialog = page.getByRole('dialog');
    // Keep a role (the form's own rule), drop super_admin: the API refuses, the last one.
    await dialog.locator('input[name="read"]').check();
    await dialog.locator('input[name="super_admin"]').uncheck();
    await dialog.getByRole('button', { name: '保存' }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('最後の特権管理者');
    const text = (await alert.textContent()) ?? '';
    expect(text).toMatch(/^最後の特権管理者（ID \d+）から特権管理者ロールは外せません。/);
    expect(text).not.toMatch(/super admin|cannot/i);
    await screenshot(page, 'admin-user-last-super-admin-ja');
    await context.close();
  });

  it('a read admin cannot reach /admin_user and gets the 403 page', async () => {
    const context = await englishContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'reader@example.com');
    await page.goto(`${server.baseUrl}/admin_user`);
    await expect
      .poll(() => page.textContent('body'), { timeout: 20_000 })
      .toContain('Sorry, access denied.');
    expect(await page.getByRole('button', { name: 'Add admin user' }).count()).toBe(0);
    await context.close();
  });
  it('a grant of an approving role waits for a second super admin, and an account the proposer made cannot be that person (issue 33)', async () => {
    const superContext = await englishContext();
    const page = await superContext.newPage();
    await signIn(page, server.baseUrl, 'super@example.com');
    await page.goto(`${server.baseUrl}/admin_user`);
    // A fresh install's one super admin: warned that grants take effect without a second person.
    await page.getByTestId('sole-super-admin-warning').waitFor();

    // The exception: the sole super admin makes a second one at once.
    await page.getByRole('button', { name: 'Add admin user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/User name/).fill('e2esuper2');
    await dialog.getByLabel(/Email/).fill('e2e.super2@example.com');
    await dialog.locator('input[name="super_admin"]').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const otpInput = page.getByTestId('one-time-password');
    await otpInput.waitFor();
    const oneTimePassword = await otpInput.inputValue();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('sole-super-admin-warning').waitFor({ state: 'detached' });

    // Now promoting the reader to write waits for a second super admin.
    await page.getByRole('button', { name: 'Edit roles reader01' }).click();
    const roles = page.getByRole('dialog');
    await roles.locator('input[name="write"]').check();
    await roles.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('role-grant-reader01').waitFor();
    expect(await page.getByTestId('role-grant-reader01').textContent()).toContain('super01');
    await screenshot(page, 'admin-user-pending-grant');

    // The account super01 made signs in (changing its one-time password) and may not confirm.
    const otherContext = await englishContext();
    const other = await otherContext.newPage();
    await other.goto(`${server.baseUrl}/login`);
    await other.getByLabel(/email/i).fill('e2e.super2@example.com');
    await other.getByLabel(/password/i).fill(oneTimePassword);
    await other.getByRole('button', { name: /sign in/i }).click();
    await other.waitForURL(`${server.baseUrl}/profile`);
    await other.getByLabel('Old password').fill(oneTimePassword);
    await other.getByLabel('New password', { exact: true }).fill('E2eSuper2Pass9');
    await other.getByLabel('New password (confirmation)').fill('E2eSuper2Pass9');
    await other.getByRole('button', { name: 'Save' }).click();
    await other.getByTestId('must-change-password').waitFor({ state: 'detached' });
    await other.goto(`${server.baseUrl}/admin_user`);
    await other.getByRole('button', { name: 'Confirm reader01 write' }).click();
    await expect
      .poll(() => other.getByRole('alert').first().textContent())
      .toContain('super01 created your account or gave you your approving role');
    await other.getByTestId('role-grant-reader01').waitFor();
    await otherContext.close();

    // Nothing changed: the reader still reads only; the proposer withdraws the grant.
    expect(await page.getByTestId('admin-row-reader01').textContent()).not.toContain('write');
    await page.getByRole('button', { name: 'Withdraw reader01 write' }).click();
    await page.getByTestId('role-grant-reader01').waitFor({ state: 'detached' });
    await superContext.close();
  });
});
