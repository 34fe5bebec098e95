import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

describe('the chain from browser to database', () => {
  it('signs in each demo admin through the page and shows them on the dashboard', async () => {
    for (const email of ['super@example.com', 'writer@example.com', 'reader@example.com']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server.baseUrl, email);
      await expect.poll(() => page.getByTestId('signed-in-admin').textContent()).toContain(email);
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
      if (email === 'super@example.com') await screenshot(page, 'dashboard-after-sign-in');
      await context.close();
    }
  });

  it('shows a clear message for a wrong password and stays on the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel(/email|メールアドレス/i).fill('super@example.com');
    await page.getByLabel(/password|パスワード/i).fill('WrongPass1');
    await page.getByRole('button', { name: /sign in|サインイン/i }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.close();
  });

  it('serves a deep link and sends a signed-out visitor to the login page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.baseUrl}/common/users/12`);
    expect(response?.status()).toBe(200);
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.close();
  });

  it('opens a deep link for a signed-in admin and signs out, revoking the token', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'reader@example.com');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page.goto(`${server.baseUrl}/common/dashboard`);
    await expect.poll(() => page.getByTestId('signed-in-admin').textContent()).toContain('reader');
    // Logout sits in the toolbar's profile menu.
    await page.getByRole('button', { name: /account menu|アカウントメニュー/i }).click();
    await page.getByRole('menuitem', { name: /logout|ログアウト/i }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const after = await fetch(`${server.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-ADMIN-ACCESS-TOKEN': token ?? '' },
      body: JSON.stringify({ query: '{ adminUser { id } }' }),
    });
    const body = (await after.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toBe('Authorization error [no auth]');
    await page.close();
  });
});
