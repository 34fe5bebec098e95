import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser, screenshot, signIn } from './support/browser';
import { seriousViolations, type AxeViolation } from './support/axe';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const tokens = new Map<string, string>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  // The server's log helps when a page failed because the API did.
  if (server) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS_DIR, 'shell-server.log'), server.output());
  }
  await browser?.close();
  await server?.close();
});

type ContextOptions = { locale?: 'ja' | 'en'; width?: number; theme?: object; token?: string };

/** A fresh browser context whose localStorage is seeded before the app's scripts run. */
async function newContext(options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: 900 },
  });
  const seed = {
    locale: options.locale ?? null,
    themeSettings: options.theme ? JSON.stringify(options.theme) : null,
    accessToken: options.token ?? null,
  };
  // Seed once per context (a flag in sessionStorage), so later choices in the page survive reloads.
  await context.addInitScript((values) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of Object.entries(values))
      if (value !== null) localStorage.setItem(key, value);
  }, seed);
  return context;
}

/** Signs in once per admin through the API and reuses the token. */
async function tokenFor(email: string): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const response = await fetch(`${server.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($e:String!,$p:String!){ postSignIn(email:$e,password:$p){ accessToken } }',
      variables: { e: email, p: 'DemoPass123' },
    }),
  });
  const body = (await response.json()) as { data: { postSignIn: { accessToken: string } } };
  tokens.set(email, body.data.postSignIn.accessToken);
  return body.data.postSignIn.accessToken;
}

async function h1(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  return (await heading.textContent()) ?? '';
}

describe('the app shell in Chromium', () => {
  it('sends a signed-out visitor to /login and, signed in, on to the page asked for; a signed-in visitor of /login to the dashboard', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/aubecoin_saving/addresses?page=2`);
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByLabel(/email|メールアドレス/i).fill('writer@example.com');
    await page.getByLabel(/password|パスワード/i).fill('DemoPass123');
    await page.getByRole('button', { name: /sign in|サインイン/i }).click();
    await page.waitForURL(`${server.baseUrl}/aubecoin_saving/addresses?page=2`);
    await page.goto(`${server.baseUrl}/login`);
    await page.waitForURL(`${server.baseUrl}/common/dashboard`);
    expect(await h1(page)).toBe('ダッシュボード');
    await context.close();
  });

  it('shows the login page’s validation messages', async () => {
    const context = await newContext({ locale: 'en' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please input Email').waitFor();
    await page.getByText('Please input Password').waitFor();
    await page.getByLabel(/Email/).fill('nope');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The Email field format is invalid').waitFor();
    await context.close();
  });

  it('shows the admin user entry and page to a super admin only; others get 403', async () => {
    const superContext = await newContext({
      locale: 'en',
      token: await tokenFor('super@example.com'),
    });
    const superPage = await superContext.newPage();
    await superPage.goto(`${server.baseUrl}/common/dashboard`);
    const superNav = superPage.getByRole('navigation', { name: 'Main menu' });
    await superNav.getByRole('link', { name: 'Admin user' }).click();
    await superPage.waitForURL(`${server.baseUrl}/admin_user`);
    await expect.poll(() => h1(superPage)).toBe('Admin user');
    expect(await superPage.getByText('Sorry, access denied.').count()).toBe(0);
    await superContext.close();

    const readContext = await newContext({
      locale: 'en',
      token: await tokenFor('reader@example.com'),
    });
    const readPage = await readContext.newPage();
    await readPage.goto(`${server.baseUrl}/common/dashboard`);
    const readNav = readPage.getByRole('navigation', { name: 'Main menu' });
    await readNav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await readNav.getByRole('link', { name: 'Admin user' }).count()).toBe(0);
    expect(await readNav.getByRole('link').count()).toBeGreaterThan(20);
    await readPage.goto(`${server.baseUrl}/admin_user`);
    expect(await h1(readPage)).toBe('Sorry, access denied.');
    await readPage.getByRole('link', { name: 'Go Home' }).click();
    await readPage.waitForURL(`${server.baseUrl}/common/dashboard`);
    await readContext.close();
  });

  it('shows the 404 page with Go Home, in both languages', async () => {
    const context = await newContext({ token: await tokenFor('reader@example.com') });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/common/no_such_page`);
    expect(await h1(page)).toBe('申し訳ありません。ページが見つかりません');
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.reload();
    expect(await h1(page)).toBe('Sorry, page not found');
    await page.getByText('This page could not be found').waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${server.baseUrl}/common/dashboard`);
    await context.close();
  });

  it('switches the language at once and keeps it across a reload; other stored values are ignored', async () => {
    const context = await newContext({ token: await tokenFor('reader@example.com') });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/common/users/12/payment_history`);
    expect(await h1(page)).toBe('ユーザー 12 の支払履歴');
    await page.getByRole('button', { name: '言語: 日本語, JA' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    expect(await h1(page)).toBe('Payment history of user 12');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain(
      'User #12',
    );
    await page.reload();
    expect(await h1(page)).toBe('Payment history of user 12');
    expect(
      await page.evaluate(() => [localStorage.getItem('locale'), document.documentElement.lang]),
    ).toEqual(['en', 'en']);
    await page.evaluate(() => localStorage.setItem('locale', 'fr'));
    await page.reload();
    expect(await h1(page)).toBe('ユーザー 12 の支払履歴');
    await context.close();
  });

  it('opens the blocking dialog for an expired token; OK signs out to /login', async () => {
    const context = await newContext({ token: 'bogus-token' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/common/dashboard`);
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      '認証の有効期限が切れました。もう一度サインインしてください。',
    );
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // The English text of the same dialog.
    await page.evaluate(() => {
      localStorage.setItem('locale', 'en');
      localStorage.setItem('accessToken', 'another-bogus-token');
    });
    await page.goto(`${server.baseUrl}/common/support`);
    await page
      .getByRole('alertdialog')
      .getByText('Authorization expired. Please sign in again.')
      .waitFor();
    await context.close();
  });

  it('shows a red toast for a GraphQL error and "Server error!" for a network failure', async () => {
    const context = await newContext({ locale: 'en', token: await tokenFor('reader@example.com') });
    const page = await context.newPage();
    await page.route('**/graphql-admin', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: 'Boom' }] }),
      }),
    );
    await page.goto(`${server.baseUrl}/common/dashboard`);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Error: Boom');
    // Near the top, under the app bar: it covers none of the bar's buttons (language, theme,
    // account), which top-right did (issue 17).
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(160);
    const barButtons = await page.getByRole('banner').getByRole('button').all();
    expect(barButtons.length).toBeGreaterThan(1);
    for (const button of barButtons) {
      const b = (await button.boundingBox())!;
      const overlaps =
        box.x < b.x + b.width &&
        b.x < box.x + box.width &&
        box.y < b.y + b.height &&
        b.y < box.y + box.height;
      expect(overlaps, (await button.getAttribute('aria-label')) ?? '').toBe(false);
    }
    await page.unroute('**/graphql-admin');
    await page.route('**/graphql-admin', (route) => route.abort('connectionrefused'));
    await page.reload();
    // No answer at all is a connection problem, not a server error.
    await page
      .getByTestId('toast')
      .getByText('Could not reach the server', { exact: false })
      .waitFor();
    await context.close();
  });

  it('logs out from the profile menu', async () => {
    const context = await newContext({ locale: 'en' });
    const page = await context.newPage();
    // The writer: signing out may end every session of that admin, and the other tests reuse
    // the reader's and the super admin's tokens.
    await signIn(page, server.baseUrl, 'writer@example.com');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /Logout/ }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.goto(`${server.baseUrl}/common/dashboard`);
    await page.waitForURL(`${server.baseUrl}/login`);
    await context.close();
  });

  it('is usable by keyboard: skip link, menu toggle, and visible focus', async () => {
    const context = await newContext({ locale: 'en', token: await tokenFor('reader@example.com') });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/common/dashboard`);
    await h1(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to main content',
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Toggle menu',
    );
    // MUI draws a visible focus state on keyboard focus.
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('Mui-focusVisible')),
    ).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.locator('#side-menu');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    // Reach the account menu and open it with the keyboard.
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: /Logout/ }).waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('keeps the theme (colour, dark sidebar, dark mode) across reloads', async () => {
    const context = await newContext({ locale: 'en', token: await tokenFor('reader@example.com') });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/common/dashboard`);
    await page.getByRole('button', { name: 'Theme settings' }).click();
    const drawer = page.getByRole('presentation').filter({ hasText: 'Primary colour' });
    await drawer.getByRole('radio', { name: 'Teal' }).check();
    await drawer
      .getByRole('radiogroup', { name: 'Sidebar' })
      .getByRole('radio', { name: 'Dark' })
      .check();
    await drawer
      .getByRole('radiogroup', { name: 'Mode' })
      .getByRole('radio', { name: 'Dark' })
      .check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await h1(page);
    const settings = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('themeSettings') ?? '{}'),
    );
    expect(settings).toEqual({ primary: 'teal', sidebar: 'dark', mode: 'dark' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 18, 18)');
    await context.close();
  });

  // Every route of the router is checked by the every-route walk (in Japanese, on the page it
  // opens anyway); here, what that walk does not open: the 404 page, the open account menu, the
  // 403 page and the sign-in page.
  it('has no serious or critical axe violations on the shell pages the route walk does not open, in both languages', async () => {
    const found: Record<string, AxeViolation[]> = {};
    for (const locale of ['en', 'ja'] as const) {
      const context = await newContext({ locale, token: await tokenFor('super@example.com') });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/no_such_page`);
      await h1(page);
      const notFound = await seriousViolations(page);
      if (notFound.length) found[`${locale} /no_such_page`] = notFound;
      // Open menus are part of the shell too.
      await page.goto(`${server.baseUrl}/common/dashboard`);
      await page.getByRole('button', { name: /Account menu|アカウントメニュー/ }).click();
      await page.getByRole('menu').waitFor();
      const withMenu = await seriousViolations(page);
      if (withMenu.length) found[`${locale} account menu`] = withMenu;
      await context.close();
    }
    const reader = await newContext({ locale: 'en', token: await tokenFor('reader@example.com') });
    const page = await reader.newPage();
    await page.goto(`${server.baseUrl}/admin_user`);
    await h1(page);
    const forbidden = await seriousViolations(page);
    if (forbidden.length) found['403'] = forbidden;
    await page.evaluate(() => localStorage.removeItem('accessToken'));
    await page.goto(`${server.baseUrl}/login`);
    await h1(page);
    const login = await seriousViolations(page);
    if (login.length) found['login'] = login;
    await reader.close();
    expect(found).toEqual({});
  }, 120_000);

  it('shows on /profile the browser and address each session signed in with', async () => {
    // A session signed in from a known browser (the header is what /login keeps).
    const response = await fetch(`${server.baseUrl}/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      body: JSON.stringify({ email: 'reader@example.com', password: 'DemoPass123' }),
    });
    const token = ((await response.json()) as { data: { access_token: string } }).data.access_token;
    for (const [locale, width, text] of [
      ['en', 390, 'Chrome 131 on Windows'],
      ['ja', 1366, 'Chrome 131（Windows）'],
    ] as const) {
      const context = await newContext({ locale, width, token });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/profile`);
      const sessions = page.getByTestId('sessions');
      await sessions.waitFor();
      const row = sessions.getByRole('row').filter({ hasText: text });
      expect(await row.count()).toBeGreaterThanOrEqual(1);
      expect(await row.first().textContent()).toContain('127.0.0.1');
      await screenshot(page, `profile-sessions-${locale}-${width}`);
      await context.close();
    }
  }, 60_000);

  it('loads the signed-in dashboard with well under 200 KiB of gzipped JavaScript', async () => {
    const context = await newContext({ token: await tokenFor('super@example.com') });
    const page = await context.newPage();
    const scripts: Array<Promise<{ name: string; size: number }>> = [];
    page.on('response', (response) => {
      const name = response.url().split('/').pop() ?? '';
      if (name.endsWith('.js'))
        scripts.push(
          response.body().then((body) => ({
            name,
            size: zlib.gzipSync(body, { level: 9 }).length,
          })),
        );
    });
    await page.goto(`${server.baseUrl}/common/dashboard`, { waitUntil: 'networkidle' });
    await page.getByTestId('signed-in-admin').waitFor();
    const files = (await Promise.all(scripts)).sort((a, b) => b.size - a.size);
    const gzip = files.reduce((sum, file) => sum + file.size, 0) / 1024;
    console.log(`dashboard first load: ${files.length} JS files, ${gzip.toFixed(1)} KiB gzip`);
    // On failure the message names what was loaded, largest first, to see what grew.
    expect(gzip, files.map((f) => `${f.name} ${f.size}`).join(', ')).toBeLessThan(200);
    await context.close();
  });

  it('takes screenshots of the dashboard shell: ja/en × light/dark × 1366/390 px', async () => {
    const found: Record<string, AxeViolation[]> = {};
    for (const locale of ['ja', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        for (const width of [1366, 390]) {
          const context = await newContext({
            locale,
            width,
            theme: { primary: 'blue', sidebar: mode, mode },
            token: await tokenFor('super@example.com'),
          });
          const page = await context.newPage();
          await page.goto(`${server.baseUrl}/common/dashboard`);
          await page.getByTestId('signed-in-admin').waitFor();
          await page.waitForTimeout(400); // let the loading bar's 200 ms minimum pass
          await screenshot(page, `shell-dashboard-${locale}-${mode}-${width}`);
          const violations = await seriousViolations(page);
          if (violations.length) found[`${locale} ${mode} ${width}`] = violations;
          if (width === 390) {
            // The phone layout with its menu open.
            await page.getByRole('button', { name: /Toggle menu|メニューの開閉/ }).click();
            await page.locator('#side-menu').getByRole('link').first().waitFor();
            await page.waitForTimeout(400);
            await screenshot(page, `shell-menu-${locale}-${mode}-${width}`);
            const violations = await seriousViolations(page);
            if (violations.length) found[`${locale} ${mode} phone menu`] = violations;
          }
          await context.close();
        }
      }
    }
    expect(found).toEqual({});
  }, 180_000);
});
