import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

/** Launches Debian's Chromium headless, with the flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password = 'DemoPass123') {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/email|メールアドレス/i).fill(email);
  await page.getByLabel(/password|パスワード/i).fill(password);
  await page.getByRole('button', { name: /sign in|サインイン/i }).click();
  await page.waitForURL(`${baseUrl}/common/dashboard`);
}

/** Saves a screenshot under e2e/artifacts (kept out of git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Waits until the page's first table shows exactly the rows `ids` (their `data-row-id`, in
 * order) and no longer loads, then asserts it; `message` names the case when it fails.
 */
export async function expectTableShows(page: Page, ids: string[], message?: string): Promise<void> {
  const shown = () =>
    page
      .locator('table')
      .first()
      .locator('tbody tr[data-row-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id') ?? ''));
  await page
    .waitForFunction(
      (expected) =>
        !document.querySelector('table[aria-busy="true"]') &&
        [...document.querySelectorAll('table')[0]!.querySelectorAll('tbody tr[data-row-id]')]
          .map((r) => r.getAttribute('data-row-id'))
          .join(',') === expected.join(','),
      ids,
      { timeout: 10_000 },
    )
    // On a timeout the assertion below reports what the table shows instead.
    .catch(() => undefined);
  expect(await shown(), message).toEqual(ids);
}

/**
 * Types a date ('2026-03-01') or a date and time ('2026-03-01T10:00') into the console's date
 * field labelled `label` (components/date-input.tsx, MUI X's sectioned field): its sections
 * take the digits in order, whatever the language's separators.
 */
export async function typeDate(scope: Page | Locator, label: string | RegExp, value: string) {
  // Each section typed in full replaces what it held, so a filled field needs no clearing.
  await scope.getByRole('group', { name: label }).locator('[role="spinbutton"]').first().click();
  const page = 'keyboard' in scope ? scope : scope.page();
  await page.keyboard.type(value.replace(/\D/g, ''));
}
