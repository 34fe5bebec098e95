import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

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
