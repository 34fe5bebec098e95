import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './support/browser';
import { seriousViolations } from './support/axe';
import { appRoutePaths } from './support/routes';
import {
  busiestUserId,
  gqlAs,
  settled,
  signedInPage,
  signInToken,
  walkTabs,
  type Locale,
} from './support/routes-walk';
import {
  collectTexts,
  cutControls,
  cutTables,
  FOLD,
  languageCheck,
  languageProblems,
  misfits,
  nativeDateInputs,
  walkPopups,
  writeControlProblems,
  writeControls,
} from './support/route-checks';
import { startServer, type RunningServer } from './support/server';

// Issue 26, across every route of the router's table (a new route is walked without touching
// this file), each page opened once with every check that applies to it:
// - 1366×768, Japanese and English, as a super admin, each route and each of its tabs, and once
//   per route each menu or dialog a button opens: layout (the main list's first row above the
//   fold, no table or list wider than its panel, no sideways scroll) and language (no English
//   word outside the allowed codes and units in Japanese, no Japanese outside data in English),
//   and no table cut without a visible way to the rest (its scrollbar in sight, its first
//   column and its totals pinned: cutTables).
//   Each route is photographed (e2e/artifacts/layout-<route>-<lang>-1366.png) to be looked at,
//   and checked by axe (serious and critical violations) once, in Japanese.
// - 390×844, both languages: no page scrolls sideways on a phone, and no table is cut without
//   a visible way to the rest (cutTables; a list keeps its identifying columns and its rows
//   open all of their fields), no control cut off by its panel (cutControls: the pager's
//   next-page arrow was, in English), its texts in the admin's language and no native date
//   input.
// - 1366×768 Japanese as a reader: no enabled write control, each disabled one says why, and
//   the laptop's layout and language hold for the reader's screens too.
// A failure names the check, the route and its tab or popup.

let server: RunningServer;
let browser: Browser;
let token: string;
let readerToken: string;
let userId: number;
let language: ReturnType<typeof languageCheck>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function slug(route: string): string {
  return route.replace(/^\//, '').replace(/[/:?=&]+/g, '_') || 'root';
}

/** Problems found by each check, a line per place (`/route tab 2 › Columns: …`). */
type Findings = {
  layout: string[];
  language: string[];
  writeControls: string[];
  accessibility: string[];
  dates: string[];
};

const noFindings = (): Findings => ({
  layout: [],
  language: [],
  writeControls: [],
  accessibility: [],
  dates: [],
});

function lines(found: string[]): string[] {
  return [...new Set(found)];
}

/** The laptop walk of a super admin in `locale`: layout, language, screenshots. */
async function walkLaptop(locale: Locale): Promise<Findings> {
  const page = await signedInPage(browser, token, locale);
  const found = noFindings();
  const check = async (state: string, popup = false) => {
    // With a popup open, what is new is its dialog; the page under it was checked already.
    for (const m of await misfits(page, FOLD))
      if (!popup || m.includes('(dialog)')) found.layout.push(`${state}: ${m}`);
    for (const p of languageProblems(language, locale, await collectTexts(page)))
      found.language.push(`${state}: ${p}`);
    for (const d of await nativeDateInputs(page)) found.dates.push(`${state}: ${d}`);
  };
  for (const route of appRoutePaths(userId)) {
    await walkTabs(page, server.baseUrl, route, async (state, tab) => {
      await check(state);
      if (tab > 0) return;
      // Accessibility once per route, on the Japanese page the walk opened anyway: roles,
      // names, contrast and structure are the same markup in both languages (a missing
      // translation would show as English in the language check instead), and axe is the
      // walk's heaviest step on CI's two cores.
      if (locale === 'ja')
        for (const v of await seriousViolations(page))
          found.accessibility.push(
            `${state}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
          );
      await screenshot(page, `layout-${slug(route)}-${locale}-1366`);
      // Menus and dialogs once per route (before its tabs): the tabs change rows, not them.
      await walkPopups(page, state, (popupState) => check(popupState, true));
    });
  }
  await page.context().close();
  return found;
}

describe('every route, each page opened once with every check (issue 26)', () => {
  beforeAll(async () => {
    server = await startServer();
    [token, readerToken] = await Promise.all([
      signInToken(server.baseUrl, 'super@example.com'),
      signInToken(server.baseUrl, 'reader@example.com'),
    ]);
    userId = await busiestUserId(server.baseUrl, token);
    const data = await gqlAs<{
      plans: { name: string }[];
      notifications: { list: { title: string; content: string }[] };
      userContacts: { list: { title: string }[] };
      user: { aubeUserInfo: { firstName: string; lastName: string } };
      adminSessions: { userAgent: string | null }[];
    }>(
      server.baseUrl,
      token,
      `query($id: Int!) {
        plans { name }
        notifications(pagination: { limit: 100 }) { list { title content } }
        userContacts(pagination: { limit: 100 }) { list { title } }
        user(userId: $id) { aubeUserInfo { firstName lastName } }
        adminSessions { userAgent }
      }`,
      { id: userId },
    );
    language = languageCheck([
      ...data.plans.map((p) => p.name),
      ...data.notifications.list.flatMap((n) => [n.title, n.content]),
      ...data.userContacts.list.map((c) => c.title),
      data.user.aubeUserInfo.firstName,
      data.user.aubeUserInfo.lastName,
      ...data.adminSessions.map((s) => s.userAgent ?? ''),
    ]);
  });
  afterAll(async () => {
    if (server) {
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      fs.writeFileSync(path.join(ARTIFACTS_DIR, 'every-route-server.log'), server.output());
    }
    await server?.close();
  });

  for (const locale of ['ja', 'en'] as const) {
    it(`1366×768 ${locale}, super admin: layout and language on each route, tab and popup`, async () => {
      const found = await walkLaptop(locale);
      expect.soft(lines(found.layout), `layout (1366×768 ${locale})`).toEqual([]);
      expect.soft(lines(found.language), `language (${locale})`).toEqual([]);
      expect.soft(lines(found.accessibility), `serious axe violations (${locale})`).toEqual([]);
      expect.soft(lines(found.dates), `native date inputs (${locale})`).toEqual([]);
    }, 900_000);
  }

  it('390×844 ja and en: no page scrolls sideways on a phone, no table cut, language, dates', async () => {
    const problems: string[] = [];
    for (const locale of ['ja', 'en'] as const) {
      const page = await signedInPage(browser, token, locale, { width: 390, height: 844 });
      // Each route as it opens (its tabs filter rows; the laptop walk covers them).
      for (const route of appRoutePaths(userId)) {
        await page.goto(`${server.baseUrl}${route}`);
        await settled(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${route} (${locale}): page ${width} px wide`);
        for (const cut of await cutTables(page)) problems.push(`${route} (${locale}): ${cut}`);
        for (const cut of await cutControls(page)) problems.push(`${route} (${locale}): ${cut}`);
        // The general rules hold on a phone too: its own texts (the row hint, the row dialog)
        // in the admin's language, and no native date input.
        for (const p of languageProblems(language, locale, await collectTexts(page)))
          problems.push(`${route} (${locale}): language: ${p}`);
        for (const d of await nativeDateInputs(page)) problems.push(`${route} (${locale}): ${d}`);
        await screenshot(page, `layout-${slug(route)}-${locale}-390`);
      }
      await page.context().close();
    }
    expect(problems, 'layout (390×844)').toEqual([]);
  }, 300_000);

  it('1366×768 ja, reader: no enabled write control (each disabled one says why), layout, language', async () => {
    const page = await signedInPage(browser, readerToken, 'ja');
    // A refusal the server had to give means the screen offered something it should not.
    const forbidden: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/graphql-admin')) return;
      void response
        .text()
        .catch(() => '')
        .then((text) => {
          if (text.includes('"FORBIDDEN"')) forbidden.push(`${page.url()}: ${text.slice(0, 200)}`);
        });
    });
    const found = noFindings();
    let guarded = 0;
    const routes = appRoutePaths(userId);
    for (const route of routes) {
      await page.goto(`${server.baseUrl}${route}`);
      await readerSettled(page);
      const controls = await writeControls(page);
      guarded += controls.guarded;
      for (const p of writeControlProblems(controls)) found.writeControls.push(`${route}: ${p}`);
      for (const m of await misfits(page, FOLD)) found.layout.push(`${route}: ${m}`);
      for (const p of languageProblems(language, 'ja', await collectTexts(page)))
        found.language.push(`${route}: ${p}`);
      for (const d of await nativeDateInputs(page)) found.dates.push(`${route}: ${d}`);
    }
    await page.context().close();
    expect.soft(lines(found.writeControls), 'write controls (reader)').toEqual([]);
    expect.soft(forbidden, 'FORBIDDEN answers (reader)').toEqual([]);
    expect.soft(lines(found.layout), 'layout (reader, 1366×768 ja)').toEqual([]);
    expect.soft(lines(found.language), 'language (reader, ja)').toEqual([]);
    expect.soft(lines(found.dates), 'native date inputs (reader, ja)').toEqual([]);
    // The walk saw the controls it is about (Transactions, notifications, send mail).
    expect(guarded).toBeGreaterThanOrEqual(8);
  }, 300_000);
});

/**
 * A reader's route has settled when its data has arrived. The reader is refused the admin
 * page (no level-1 heading there), so this does not wait for one as `settled` does.
 */
async function readerSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor();
  await page
    .waitForFunction(
      () =>
        !document.querySelector('table[aria-busy="true"], [role="progressbar"], .MuiSkeleton-root'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

describe('the checks of the walk fail on what they are for', () => {
  /** A page of the browser showing `html` at 1366×768 (no server: the checks read the DOM). */
  async function madeUp(html: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.setContent(`<body style="margin:0">${html}</body>`);
    return page;
  }
  const panel = (width: number, inner: string) =>
    `<div class="MuiPaper-root" style="width:${width}px">${inner}</div>`;
  const table = (label: string, width: number, overflow = 'auto') =>
    `<div class="MuiTableContainer-root" style="overflow-x:${overflow}"><table aria-label="${label}" style="width:${width}px"><tbody><tr><td>row</td></tr></tbody></table></div>`;

  it('layout: the main list below the fold, and any table or list past its panel, not only the first', async () => {
    const page = await madeUp(`<main>
      <div style="height:800px"></div>
      ${panel(600, table('main list', 500))}
      ${panel(600, table('second list', 900, 'hidden'))}
      ${panel(600, table('a list that scrolls', 900))}
      ${panel(300, '<ul aria-label="the timeline" style="width:400px;margin:0;padding:0"><li>step</li></ul>')}
      <div role="list" aria-label="the cards" style="width:200px;display:flex;overflow-x:auto"><div style="min-width:500px">card</div></div>
    </main>`);
    expect(await misfits(page, FOLD)).toEqual([
      expect.stringMatching(/^first row of table "main list" ends at y=8\d\d$/),
      'ul "the timeline" passes its panel by 100 px',
      'div "the cards": 500 px in 200 px',
      'table "second list": 900 px in 600 px, cut with no scrollbar',
    ]);
    await page.context().close();
  });

  it('layout: a table in an open dialog past the dialog, and a page wider than the window', async () => {
    const page = await madeUp(`<main><div style="width:1500px">wide</div></main>
      <div role="dialog" aria-label="export" style="width:400px">${table('preview', 700, 'hidden')}</div>`);
    expect(await misfits(page, FOLD)).toEqual([
      'page 1500 px wide in 1366',
      'table "preview" (dialog): 700 px in 400 px, cut with no scrollbar',
    ]);
    await page.context().close();
  });

  it('cut tables: a wide table passes only with its scrollbar in sight, its first column and its totals pinned', async () => {
    const rows = (count: number, pinned: boolean) =>
      Array.from(
        { length: count },
        (_, i) =>
          `<tr><td style="${pinned ? 'position:sticky;left:0' : ''}">day ${i}</td><td><div style="width:1200px">figures</div></td></tr>`,
      ).join('');
    const wide = (label: string, box: string, body: string, foot = '') =>
      `<div class="MuiTableContainer-root" style="width:600px;${box}"><table aria-label="${label}"><tbody>${body}</tbody>${foot}</table></div>`;
    const sums = (pinned: boolean) =>
      `<tfoot><tr><td style="position:sticky;left:0;${pinned ? 'bottom:0' : ''}">sums</td><td style="${pinned ? 'position:sticky;bottom:0' : ''}">all</td></tr></tfoot>`;
    const page = await madeUp(`<header style="height:64px">bar</header><main>
      ${wide('clipped', 'overflow:hidden', rows(2, true))}
      ${wide('hidden bar', 'overflow-x:auto;scrollbar-width:none', rows(2, true))}
      ${wide('taller than the window', 'overflow-x:auto', rows(40, true))}
      ${wide('loose first column', 'overflow-x:auto', rows(2, false))}
      ${wide('loose sums', 'overflow:auto;max-height:300px', rows(20, true), sums(false))}
      ${wide('as it should be', 'overflow:auto;max-height:300px', rows(20, true), sums(true))}
      <div class="MuiTableContainer-root" style="overflow-x:auto"><table aria-label="narrow"><tbody><tr><td>a</td><td>b</td></tr></tbody></table></div>
    </main>`);
    const found = await cutTables(page);
    expect(found).toEqual([
      expect.stringMatching(/^table "clipped": \d+ px in 600 px, cut with no scrollbar$/),
      expect.stringMatching(/^table "hidden bar": \d+ px in 600 px, cut with no scrollbar$/),
      expect.stringMatching(
        /^table "taller than the window": \d+ px in 600 px, its scrollbar out of sight \(box \d+ px high, window 704\)$/,
      ),
      expect.stringMatching(/^table "loose first column": .*, first column not pinned \(2 rows\)$/),
      expect.stringMatching(/^table "loose sums": .*, totals row not pinned$/),
    ]);
    await page.context().close();
  });

  it("dates: a native date or date-time input, not the console's picker", async () => {
    const page = await madeUp(`<main>
      <label for="from">申請日（から）</label><input id="from" type="date">
      <input aria-label="通知日時" type="datetime-local">
      <div role="group" aria-label="申請日（まで）"><span role="spinbutton">2026</span><input aria-hidden="true" value="2026/03/01"></div>
    </main>`);
    expect(await nativeDateInputs(page)).toEqual([
      'native date input "申請日（から）"',
      'native datetime-local input "通知日時"',
    ]);
    await page.context().close();
  });

  it('language: English words on a Japanese screen and Japanese on an English one, data aside', () => {
    const check = languageCheck(['Premium Plan']);
    expect(
      languageProblems(check, 'ja', ['保存', 'Save changes', '1.5 HEC', 'Premium Plan を選択']),
    ).toEqual(['Save in "Save changes"', 'changes in "Save changes"']);
    expect(languageProblems(check, 'en', ['Save', '保存', 'alice@example.com'])).toEqual([
      '"保存"',
    ]);
  });

  it('write controls: an enabled write control, and a disabled one without its reason', async () => {
    const page = await madeUp(`<main>
      <button data-write-action>追加</button>
      <span data-action-reason=""><button data-write-action disabled>削除</button></span>
      <span data-action-reason="閲覧権限では変更できません"><button data-write-action disabled>保存</button></span>
      <input type="file" data-testid="payments-file">
      <div class="MuiPaper-root">
        <label for="rate">レート</label><input id="rate">
        <input aria-label="期限" disabled>
        <span data-action-reason="閲覧権限では変更できません"><button data-write-action disabled>保存</button></span>
      </div>
      <div data-write-form><textarea aria-label="返信"></textarea></div>
      <div class="MuiPaper-root">
        <form role="search"><input aria-label="ユーザー名"></form>
        <span data-action-reason="閲覧権限では変更できません"><button data-write-action disabled>承認</button></span>
        <table><tbody><tr><td><input type="checkbox" aria-label="行 1 を選択"></td></tr></tbody></table>
      </div>
    </main>`);
    expect(writeControlProblems(await writeControls(page))).toEqual([
      'enabled button "追加"',
      'enabled file input payments-file',
      'no reason on button "削除"',
      'live field of a write form: input "レート"',
      'live field of a write form: textarea "返信"',
      '1 selection boxes in a table',
    ]);
    await page.context().close();
  });
});
