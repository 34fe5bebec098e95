import type { Browser, Page } from 'playwright-core';

// The walks over every route of the router's table (language, layout) share how they sign in,
// open a page in a language and wait for a route to settle, so a change to the app's shell is
// followed in one place.

export type Locale = 'ja' | 'en';

/** Signs `email` in through the API and returns its access token. */
export async function signInToken(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'DemoPass123' }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** The demo user who sent the most: every per-user route has rows for them. */
export async function busiestUserId(baseUrl: string, token: string): Promise<number> {
  const users = await fetch(`${baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-access-token': token },
    body: JSON.stringify({
      query: `{ users(pagination: { limit: 1, sort: { target: "totalSentAmount", orderBy: DESC } }) { list { id } } }`,
    }),
  });
  return ((await users.json()) as { data: { users: { list: { id: number }[] } } }).data.users
    .list[0]!.id;
}

/**
 * A new page signed in with `token` in `locale` (seeded once per tab, so the app's own
 * changes to both stick), `width`×`height` pixels.
 */
export async function signedInPage(
  browser: Browser,
  token: string,
  locale: Locale,
  { width = 1366, height = 768 } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(
    ([accessToken, lang]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('accessToken', accessToken!);
      localStorage.setItem('locale', lang!);
    },
    [token, locale] as const,
  );
  return context.newPage();
}

/** Waits for the page's heading and for every table and progress bar to finish loading. */
export async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .waitForFunction(
      () =>
        !document.querySelector('table[aria-busy="true"], [role="progressbar"], .MuiSkeleton-root'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * Opens `route` and calls `visit` on it and then on each of its tabs (in the page's main
 * area; a disabled tab is skipped), each once settled. `visit` is given the state's name
 * (`/route`, `/route tab 2`) and its tab index (0 before any tab is clicked).
 */
export async function walkTabs(
  page: Page,
  baseUrl: string,
  route: string,
  visit: (state: string, tab: number) => Promise<void>,
): Promise<void> {
  await page.goto(`${baseUrl}${route}`);
  await settled(page);
  await visit(route, 0);
  const main = page.locator('main');
  const tabCount = await main.getByRole('tab').count();
  for (let t = 0; t < tabCount; t++) {
    const tab = main.getByRole('tab').nth(t);
    if (await tab.isDisabled()) continue;
    await tab.click();
    await settled(page);
    await visit(`${route} tab ${t + 1}`, t + 1);
  }
}
