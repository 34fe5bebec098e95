import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { storedUserAgent, USER_AGENT_MAX_LENGTH } from './auth-service';

// The sessions list names each session by the browser it signed in with and the address it
// signed in from (issue 11): kept at sign-in, through /login and through postSignIn alike.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function loginWith(userAgent: string | undefined): Promise<string> {
  const response = await fetch(`${t.baseUrl}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
    },
    body: JSON.stringify({ email: 'writer@example.com', password: 'DemoPass123' }),
  });
  const body = (await response.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

async function signInThroughGraphQL(userAgent: string): Promise<string> {
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({
      query: `mutation { postSignIn(email: "writer@example.com", password: "DemoPass123") { accessToken } }`,
    }),
  });
  const body = (await response.json()) as { data: { postSignIn: { accessToken: string } } };
  return body.data.postSignIn.accessToken;
}

type Session = { id: string; ip: string | null; userAgent: string | null; current: boolean };

async function sessions(token: string, userAgent = FIREFOX): Promise<Session[]> {
  // A later request from another browser does not change what a session signed in with.
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      [ACCESS_TOKEN_HEADER]: token,
    },
    body: JSON.stringify({ query: '{ adminSessions { id ip userAgent current } }' }),
  });
  const body = (await response.json()) as { data: { adminSessions: Session[] }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data.adminSessions;
}

describe('sessions: the browser and the address each signed in with', () => {
  it('keeps the User-Agent of /login and of postSignIn, and the address', async () => {
    const fromLogin = await loginWith(FIREFOX);
    const fromGraphQL = await signInThroughGraphQL(SAFARI);
    const listed = await sessions(fromLogin, 'curl/8.0');
    const current = listed.find((s) => s.current)!;
    expect(current).toMatchObject({ userAgent: FIREFOX, ip: '127.0.0.1' });
    const other = (await sessions(fromGraphQL)).find((s) => s.current)!;
    expect(other).toMatchObject({ userAgent: SAFARI, ip: '127.0.0.1' });
    // Both are in each other's list, each with its own browser.
    expect(listed.map((s) => s.userAgent)).toEqual(expect.arrayContaining([FIREFOX, SAFARI]));
  });

  it('stores none for a missing or blank header, and cuts an absurdly long one', async () => {
    const none = await loginWith('   ');
    expect((await sessions(none)).find((s) => s.current)?.userAgent).toBeNull();
    const long = await loginWith(`X${'y'.repeat(4000)}`);
    const kept = (await sessions(long)).find((s) => s.current)?.userAgent;
    expect(kept).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(kept?.startsWith('Xyyy')).toBe(true);
  });

  it('turns control characters into spaces (NUL cannot be stored)', () => {
    expect(storedUserAgent('a\u0000b\tc\u007f')).toBe('a b c');
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent('')).toBeNull();
  });
});
