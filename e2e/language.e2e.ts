import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser } from './support/browser';
import { appRoutePaths } from './support/routes';
import { busiestUserId, signedInPage, signInToken, walkTabs } from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

// Issue 26, one language: every route in Japanese shows no English word outside a short list
// (codes, units, ids), and in English no Japanese outside data. The routes come from the
// router's own table, so a new route is walked without touching this file.

let server: RunningServer;
let browser: Browser;
let token: string;
let userId: number;

/**
 * Words that are the same in both languages: units and currencies, brand and product names,
 * formats an operator names as they are. Anything else in Latin letters on a Japanese screen
 * is a text that was not translated.
 */
const ALLOWED_IN_JA = new Set([
  // currencies, coins, units
  'HEC',
  'ETH',
  'USD',
  'USDT',
  'BTC',
  'ATEM',
  'OWL',
  'AUBE',
  'JPY',
  'KiB',
  'MiB',
  'KB',
  'MB',
  // formats and standards named as they are
  'CSV',
  'ID',
  'URL',
  'QR',
  'TOTP',
  'IP',
  'OK',
  'JA',
  'EN',
  'JST',
  'UTC',
  'BOM',
  'Excel',
  // brands and the product's own names (spec: ForceClub, MetaX, the Ex bonus)
  'Aube',
  'ForceClub',
  'Force',
  'Club',
  'METAX',
  'MetaX',
  'Ex',
  'Ethereum',
  'Google',
  'Authenticator',
]);

/**
 * Text that is data or code, not wording: e-mail addresses, hashes and addresses, URLs, file
 * names, time zone names, and any token with a digit in it (ids, user names such as
 * `grace.thomas1984`, versions). `super_admin` has none, so a raw code still counts.
 */
const DATA_PATTERNS: RegExp[] = [
  /[\w.+-]+@[\w…-]*(\.[\w…-]+)*/g, // e-mail, shortened or not
  /\b0x[0-9a-fA-F…]+/g,
  /\bhttps?:\/\/\S+/g,
  /\b[\w-]+\.(csv|png|jpg|pdf|txt)\b/gi,
  /\b[A-Z][a-z]+\/[A-Za-z_]+\b/g, // IANA zone names (Asia/Tokyo)
  /[^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef,()]*[0-9…][^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef,()]*/g,
];

type Found = { where: string; word: string; text: string };

/**
 * The visible text of the page and the texts read aloud or shown on hover (aria-label, title,
 * placeholder, alt). Text inside `code` or `kbd` (column names of a CSV file, typed as they
 * are) is a code and skipped.
 */
async function collectTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text) continue;
      if (parent.closest('code, kbd, script, style')) continue;
      if (!visible(parent)) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Strings the demo's data holds (names, titles users and admins wrote): not wording. */
let dataTexts: string[] = [];

function withoutData(text: string): string {
  let rest = text;
  for (const value of dataTexts) if (value) rest = rest.split(value).join(' ');
  return rest;
}

function englishWords(text: string): string[] {
  let rest = withoutData(text);
  for (const pattern of DATA_PATTERNS) rest = rest.replace(pattern, ' ');
  return (rest.match(/[A-Za-z][A-Za-z'’_-]*[A-Za-z]/g) ?? []).filter(
    (word) => !ALLOWED_IN_JA.has(word),
  );
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/;

/**
 * Visits `route`, each of its tabs and, once per route, each menu or dialog a button in the
 * page opens (column choosers, exports, add/edit forms: the buttons say `aria-haspopup`).
 * `check` is given each state's texts.
 */
async function walkRoute(
  page: Page,
  route: string,
  check: (state: string, texts: string[]) => void,
) {
  await walkTabs(page, server.baseUrl, route, async (state, tab) => {
    check(state, await collectTexts(page));
    // Menus and dialogs once per route (before its tabs): the tabs change rows, not them.
    if (tab === 0) await walkPopups(page, state, check);
  });
}

async function walkPopups(
  page: Page,
  state: string,
  check: (state: string, texts: string[]) => void,
) {
  const main = page.locator('main');
  const openers = main.locator('button[aria-haspopup]:not([disabled])');
  const count = await openers.count();
  // One of each: the edit button of every row opens the same dialog.
  const opened = new Set<string>();
  for (let i = 0; i < count; i++) {
    const opener = openers.nth(i);
    if (!(await opener.isVisible())) continue;
    const label = (await opener.textContent()) || (await opener.getAttribute('aria-label'));
    if (opened.has(label ?? '')) continue;
    opened.add(label ?? '');
    await opener.click();
    await page
      .locator(
        '[role="dialog"], [role="menu"], [role="listbox"], [role="presentation"] .MuiPaper-root',
      )
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForTimeout(150);
    check(`${state} › ${label}`, await collectTexts(page));
    await page.keyboard.press('Escape');
    await page
      .locator('[role="dialog"], [role="menu"]')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    // Focus returns to the opener and shows its tooltip over the next row's buttons.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page
      .locator('[role="tooltip"]')
      .first()
      .waitFor({ state: 'detached', timeout: 2_000 })
      .catch(() => undefined);
  }
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'super@example.com');
  userId = await busiestUserId(server.baseUrl, token);
  const data = await gql<{
    plans: { name: string }[];
    notifications: { list: { title: string; content: string }[] };
    userContacts: { list: { title: string }[] };
    user: { aubeUserInfo: { firstName: string; lastName: string } };
    adminSessions: { userAgent: string | null }[];
  }>(
    `query($id: Int!) {
      plans { name }
      notifications(pagination: { limit: 100 }) { list { title content } }
      userContacts(pagination: { limit: 100 }) { list { title } }
      user(userId: $id) { aubeUserInfo { firstName lastName } }
      adminSessions { userAgent }
    }`,
    { id: userId },
  );
  dataTexts = [
    ...data.plans.map((p) => p.name),
    ...data.notifications.list.flatMap((n) => [n.title, n.content]),
    ...data.userContacts.list.map((c) => c.title),
    data.user.aubeUserInfo.firstName,
    data.user.aubeUserInfo.lastName,
    ...data.adminSessions.map((s) => s.userAgent ?? ''),
  ]
    // Longest first, so a title is removed before a shorter value inside it.
    .sort((a, b) => b.length - a.length);
});
afterAll(async () => {
  if (server) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS_DIR, 'language-server.log'), server.output());
  }
  await browser?.close();
  await server?.close();
});

describe('one language on every route (issue 26)', () => {
  it('shows no English word in Japanese outside the allowed codes and units', async () => {
    const page = await signedInPage(browser, token, 'ja');
    const found: Found[] = [];
    for (const route of appRoutePaths(userId)) {
      await walkRoute(page, route, (where, texts) => {
        for (const text of texts)
          for (const word of englishWords(text))
            found.push({ where, word, text: text.slice(0, 80) });
      });
    }
    await page.context().close();
    // One line per word and place, so the failure lists what to translate.
    const lines = [...new Set(found.map((f) => `${f.where}: ${f.word} in "${f.text}"`))];
    expect(lines).toEqual([]);
  }, 900_000);

  it('shows no Japanese in English outside data', async () => {
    const page = await signedInPage(browser, token, 'en');
    const found: string[] = [];
    for (const route of appRoutePaths(userId)) {
      await walkRoute(page, route, (where, texts) => {
        for (const text of texts)
          if (JAPANESE.test(withoutData(text))) found.push(`${where}: "${text.slice(0, 80)}"`);
      });
    }
    await page.context().close();
    expect([...new Set(found)]).toEqual([]);
  }, 900_000);
});
