import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { appRoutePaths } from './support/routes';
import {
  busiestUserId,
  signedInPage,
  settled,
  signInToken,
  walkTabs,
  type Locale,
} from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

// Issue 26, fit the laptop: on every route of the router's table and each of its tabs, at
// 1366×768 in Japanese and English, every list's first row is above the fold and no table is
// wider than its panel; at 390×844 no page scrolls sideways. Each route is photographed
// (e2e/artifacts/layout-*) for a person to look at.

let server: RunningServer;
let browser: Browser;
let token: string;
let userId: number;

const FOLD = 768;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  token = await signInToken(server.baseUrl, 'super@example.com');
  userId = await busiestUserId(server.baseUrl, token);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * What does not fit on the page as it is first shown (scrolled to the top): a list whose
 * first row ends below the fold, a table wider than its scrolling area or than the panel it
 * sits in, and a page wider than the window.
 */
async function misfits(page: Page, fold: number): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((foldAt) => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const name = (table: HTMLTableElement) =>
      table.getAttribute('aria-label') ??
      table.closest('[aria-label]')?.getAttribute('aria-label') ??
      table.querySelector('th')?.textContent ??
      'table';
    const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter(shown);
    // The first list of the page is what an operator came for; a list under a heading of its
    // own further down (a detail page's sections) is reached by scrolling.
    const first = tables[0]?.querySelector('tbody tr');
    if (first) {
      const bottom = Math.round(first.getBoundingClientRect().bottom + window.scrollY);
      if (bottom > foldAt) out.push(`first row of ${name(tables[0]!)} ends at y=${bottom}`);
    }
    for (const table of tables) {
      const area = table.closest<HTMLElement>('.MuiTableContainer-root') ?? table.parentElement!;
      // A table may scroll sideways inside its own box only where a screen decided so
      // (data-scroll-x: a preview of a file's columns, a spreadsheet of daily figures).
      if (area.scrollWidth > area.clientWidth + 1 && !area.closest('[data-scroll-x]'))
        out.push(`${name(table)}: ${area.scrollWidth} px in ${area.clientWidth} px`);
      // Its box, in turn, stays inside the panel it sits in.
      const panel = area.parentElement?.closest<HTMLElement>('.MuiPaper-root, .MuiCard-root');
      const right = area.getBoundingClientRect().right;
      const edge = panel?.getBoundingClientRect().right ?? window.innerWidth;
      if (right > edge + 1)
        out.push(`${name(table)} passes its panel by ${Math.round(right - edge)} px`);
    }
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > window.innerWidth)
      out.push(`page ${pageWidth} px wide in ${window.innerWidth}`);
    return out;
  }, fold);
}

function slug(route: string): string {
  return route.replace(/^\//, '').replace(/[/:?=&]+/g, '_') || 'root';
}

async function walkEveryRoute(locale: Locale): Promise<string[]> {
  const page = await signedInPage(browser, token, locale);
  const problems: string[] = [];
  for (const route of appRoutePaths(userId)) {
    await walkTabs(page, server.baseUrl, route, async (state, tab) => {
      for (const misfit of await misfits(page, FOLD)) problems.push(`${state}: ${misfit}`);
      if (tab === 0) await screenshot(page, `layout-${slug(route)}-${locale}-1366`);
    });
  }
  await page.context().close();
  return problems;
}

describe('every route fits the laptop (issue 26)', () => {
  for (const locale of ['ja', 'en'] as const) {
    it(`shows each list's first row above the fold and no table past its panel, 1366×768 ${locale}`, async () => {
      expect(await walkEveryRoute(locale)).toEqual([]);
    }, 180_000);
  }

  it('never scrolls a page sideways on a phone (390×844, ja and en)', async () => {
    const problems: string[] = [];
    for (const locale of ['ja', 'en'] as const) {
      const page = await signedInPage(browser, token, locale, { width: 390, height: 844 });
      // Each route as it opens (its tabs filter rows; the laptop walk covers them).
      for (const route of appRoutePaths(userId)) {
        await page.goto(`${server.baseUrl}${route}`);
        await settled(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${route} (${locale}): page ${width} px wide`);
      }
      await page.context().close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
