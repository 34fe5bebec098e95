import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { gqlAs, signInToken as signInAs } from './support/routes-walk';
import { startServer, type RunningServer } from './support/server';

// Issue 26, "sessions and errors": a session ended in another tab (its token gone from the
// shared storage) or in another browser (its token revoked on the server) makes each of the
// five kinds of request (GraphQL, upload, download, attachment, template) open the one
// sign-in-again dialog; and a server that cannot be reached gives the spec's "Server error!"
// toast, top-right, one at a time, for 5 s. Nothing here mocks the network: the sessions are
// really ended and the server is really stopped.

let server: RunningServer;
let serverStopped = false;
let browser: Browser;
let contactWithFile = '';

const DIALOG_TEXT = 'Authorization expired. Please sign in again.';

/** A new session of `email` (the writer by default): its access token. */
async function signInToken(email = 'writer@example.com'): Promise<string> {
  return signInAs(server.baseUrl, email);
}

async function gql<T>(token: string, query: string): Promise<T> {
  return gqlAs<T>(server.baseUrl, token, query);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const token = await signInToken();
  const contacts = await gql<{
    userContacts: { list: Array<{ id: string; files: Array<{ id: string }> }> };
  }>(token, '{ userContacts(pagination: { limit: 100 }) { list { id files { id } } } }');
  contactWithFile = contacts.userContacts.list.find((c) => c.files.length > 0)?.id ?? '';
  expect(contactWithFile, 'the demo has an inquiry with a file').not.toBe('');
});
afterAll(async () => {
  await browser?.close();
  if (!serverStopped) await server?.close();
});

/** A new browser (context) signed in as the writer, in English. */
async function signedIn(): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const token = await signInToken();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((accessToken) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('locale', 'en');
  }, token);
  return { context, page: await context.newPage(), token };
}

/** Signs out from another tab of the same browser: the shared token is removed and revoked. */
async function signOutInAnotherTab(context: BrowserContext): Promise<void> {
  const other = await context.newPage();
  await other.goto(`${server.baseUrl}/common/dashboard`);
  await other.getByRole('button', { name: 'Account menu' }).click();
  await other.getByRole('menuitem', { name: /Logout/ }).click();
  await other.waitForURL(`${server.baseUrl}/login`);
  await other.close();
}

/** Signs out from another browser: the token this page still holds is revoked on the server. */
async function signOutElsewhere(token: string): Promise<void> {
  await gql(token, 'mutation { postSignOut }');
}

async function expectSignInDialog(page: Page, kind: string): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: DIALOG_TEXT });
  await dialog.waitFor({ timeout: 10_000 }).catch(() => undefined);
  expect(await dialog.isVisible(), `${kind}: the sign-in-again dialog`).toBe(true);
  // Never the permission text: the session ended, the role did not change.
  expect(await page.getByText('You do not have permission').count(), kind).toBe(0);
}

/** Waits until the admin's role has enabled the payments file chooser (it loads with them). */
async function fileChooserReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('csv-payments-file').isEnabled(), { timeout: 10_000 })
    .toBe(true);
}

type Kind = {
  name: string;
  /** Opens the screen and gets it ready (before the session ends). */
  prepare: (page: Page) => Promise<void>;
  /** The request made after the session ended. */
  act: (page: Page) => Promise<void>;
};

const BAD_PAYMENT = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\n999999999,1,100,0,1,\n';

const KINDS: Kind[] = [
  {
    name: 'GraphQL',
    prepare: async (page) => {
      await page.goto(`${server.baseUrl}/common/users`);
      await page.getByRole('button', { name: 'Search' }).waitFor();
    },
    act: async (page) => {
      await page.getByLabel('User name').first().fill('a');
      await page.getByRole('button', { name: 'Search' }).click();
    },
  },
  {
    name: 'upload',
    prepare: async (page) => {
      await page.goto(`${server.baseUrl}/common/transactions`);
      await fileChooserReady(page);
      await page.getByTestId('csv-payments-file').setInputFiles({
        name: 'pay.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(BAD_PAYMENT),
      });
    },
    act: async (page) => {
      await page.getByTestId('csv-payments-check').click();
    },
  },
  {
    name: 'download',
    prepare: async (page) => {
      // The check keeps its report of every row; saving it is a download of its own.
      await page.goto(`${server.baseUrl}/common/transactions`);
      await fileChooserReady(page);
      await page.getByTestId('csv-payments-file').setInputFiles({
        name: 'pay.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(BAD_PAYMENT),
      });
      await page.getByTestId('csv-payments-check').click();
      await page.getByTestId('csv-payments-check-report').waitFor();
    },
    act: async (page) => {
      await page.getByTestId('csv-payments-check-report').click();
    },
  },
  {
    name: 'attachment',
    prepare: async (page) => {
      await page.goto(`${server.baseUrl}/common/support`);
      // The first inquiry on the screen with a file (its files column counts them).
      await page
        .locator('tbody tr[aria-label]')
        .filter({ has: page.locator('td:last-child').filter({ hasText: /^[1-9]/ }) })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Download' }).first().waitFor();
    },
    act: async (page) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Download' }).first().click();
    },
  },
  {
    name: 'transaction template',
    prepare: async (page) => {
      await page.goto(`${server.baseUrl}/withdrawals/atem`);
      await page.getByTestId('transactions-template').waitFor();
    },
    act: async (page) => {
      await page.getByTestId('transactions-template').click();
    },
  },
  {
    name: 'template',
    prepare: async (page) => {
      await page.goto(`${server.baseUrl}/common/transactions`);
      await page.getByRole('button', { name: 'Download the template' }).first().waitFor();
    },
    act: async (page) => {
      await page.getByRole('button', { name: 'Download the template' }).first().click();
    },
  },
];

describe('sign out everywhere', () => {
  it("asks in the app's own dialog, one sentence with the count (no browser confirm box), then ends the session", async () => {
    const { context, page } = await signedIn();
    const browserBoxes: string[] = [];
    page.on('dialog', (box) => {
      browserBoxes.push(box.message());
      void box.dismiss();
    });
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByTestId('sign-out-everywhere').click();
    const text = page.getByTestId('sign-out-everywhere-text');
    await text.waitFor();
    expect(await text.textContent()).toMatch(
      /^End all \d+ session\(s\), this browser included\? You will have to sign in again\.$/,
    );
    expect(browserBoxes).toEqual([]);
    await page.getByTestId('sign-out-everywhere-confirm').click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await context.close();
  });
});

describe('an ended session', () => {
  it('signed out in another tab: this tab opens the sign-in-again dialog at once', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${server.baseUrl}/common/transactions`);
    await page.getByTestId('csv-payments-file').waitFor({ state: 'attached' });
    await signOutInAnotherTab(context);
    await expectSignInDialog(page, 'another tab');
    // Over the page the admin was on; OK signs this tab out too.
    expect(new URL(page.url()).pathname).toBe('/common/transactions');
    await screenshot(page, 'sessions-signed-out-in-another-tab-en');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await context.close();
  });

  const everywhere: Array<{ where: string; signOut: (context: BrowserContext) => Promise<void> }> =
    [
      {
        where: 'another tab of this browser',
        signOut: async (context) => {
          const other = await context.newPage();
          await other.goto(`${server.baseUrl}/profile`);
          await other.getByTestId('sign-out-everywhere').click();
          await other.getByTestId('sign-out-everywhere-confirm').click();
          await other.waitForURL(`${server.baseUrl}/login`);
          await other.close();
        },
      },
      {
        where: 'another browser',
        signOut: async () => {
          await gql(await signInToken(), 'mutation { postSignOutEverywhere }');
        },
      },
    ];
  for (const { where, signOut } of everywhere) {
    it(`signed out everywhere in ${where}: one OK, then signing in again lands on the same URL with its filters`, async () => {
      const { context, page } = await signedIn();
      await page.goto(`${server.baseUrl}/common/users`);
      await page.getByLabel('User name').first().fill('a');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/userName=a/);
      await signOut(context);
      // This tab hears of it at once (the shared storage), or at its next action.
      await page.bringToFront();
      await page.waitForTimeout(500);
      if ((await page.getByRole('alertdialog').count()) === 0) {
        await page.getByLabel('User name').first().fill('al');
        await page.getByRole('button', { name: 'Search' }).click();
      }
      await expectSignInDialog(page, where);
      // The URL the admin was on when the session ended, with its filters.
      const filtered = page.url();
      expect(filtered).toMatch(/userName=a/);
      await page.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(`${server.baseUrl}/login`);
      // One OK: the sign-in page opens without the dialog on top, and it stays away.
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForTimeout(1_500);
      expect(await page.getByRole('alertdialog').count(), 'the dialog on the sign-in page').toBe(0);
      await page.getByLabel(/Email/).fill('writer@example.com');
      await page.getByLabel(/Password/).fill('DemoPass123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Back where the admin was, with its filters, not on the dashboard.
      await page.waitForURL(filtered);
      await page.getByRole('button', { name: 'Search' }).waitFor();
      // And stays there (the sign-in page once sent a signed-in admin on to the dashboard).
      await page.waitForTimeout(1_000);
      expect(page.url()).toBe(filtered);
      expect(await page.getByLabel('User name').first().inputValue()).toBe(
        new URL(filtered).searchParams.get('userName'),
      );
      await context.close();
    });
  }

  for (const kind of KINDS) {
    it(`token gone from storage (another tab signed out): a ${kind.name} request opens the sign-in-again dialog`, async () => {
      const { context, page, token } = await signedIn();
      await kind.prepare(page);
      // What another tab's sign-out leaves, before this tab hears of it: no token, revoked.
      await signOutElsewhere(token);
      await page.evaluate(() => localStorage.removeItem('accessToken'));
      await kind.act(page);
      await expectSignInDialog(page, kind.name);
      await context.close();
    });

    it(`signed out in another browser: a ${kind.name} request opens the sign-in-again dialog`, async () => {
      const { context, page, token } = await signedIn();
      await kind.prepare(page);
      await signOutElsewhere(token);
      await kind.act(page);
      await expectSignInDialog(page, kind.name);
      await context.close();
    });
  }
});

describe('a server that cannot be reached', () => {
  it('says "Server error!" in one toast at the top right, gone after 5 s', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${server.baseUrl}/common/users`);
    await page.getByTestId('export-button').waitFor();
    // The app has settled (what it fetches after the first page included).
    await page.waitForTimeout(6_000);
    await server.close();
    serverStopped = true;
    await page.getByTestId('export-button').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/^Server error!/);
    // A second failure replaces the first: one toast at a time.
    await page.waitForTimeout(1_000);
    await page.getByTestId('export-button').click();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('toast').count()).toBe(1);
    const shownAt = Date.now();
    // Top-right, under the app bar.
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1366 - 80);
    expect(box.x).toBeGreaterThan(1366 / 2);
    expect(box.y).toBeGreaterThanOrEqual(56);
    expect(box.y).toBeLessThan(160);
    await screenshot(page, 'sessions-server-error-en');
    // Gone after its 5 s (and a margin for the exit animation).
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);
    await context.close();
  });
});
