import type { Browser, Page } from 'playwright-core';

// How the browser tests sign in (a token from the API), call the API, open a signed-in page in
// a language and wait for a route to settle, and how the walk over every route visits a
// route's tabs: one place, so a change to the app's shell or to sign-in is followed once.

export type Locale = 'ja' | 'en';

/** Signs `email` in through the API and returns its access token; throws when refused. */
export async function signInToken(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'DemoPass123' }),
  });
  const text = await response.text();
  const token = (JSON.parse(text) as { data?: { access_token?: string } }).data?.access_token;
  if (!token) throw new Error(`sign-in of ${email} refused: ${response.status} ${text}`);
  return token;
}

/** Calls the admin API as the admin holding `token`; throws on a GraphQL error. */
export async function gqlAs<T>(
  baseUrl: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
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
 * changes to both stick), `width`×`height` pixels; `timezoneId` sets the browser's zone and
 * `storage` seeds more localStorage entries (remembered column choices, say).
 */
export async function signedInPage(
  browser: Browser,
  token: string,
  locale: Locale,
  {
    width = 1366,
    height = 768,
    timezoneId,
    storage = {},
  }: {
    width?: number;
    height?: number;
    timezoneId?: string;
    storage?: Record<string, string>;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    ...(timezoneId ? { timezoneId } : {}),
  });
  const entries: [string, string][] = [
    ['accessToken', token],
    ['locale', locale],
    ...Object.entries(storage),
  ];
  await context.addInitScript((seed) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of seed) localStorage.setItem(key, value);
  }, entries);
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
