import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_ERROR_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '@app/shared';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { hashAccessToken } from './access-token';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ADMIN_USER = '{ adminUser { id userName email roles { name description } } }';

describe('POST /login', () => {
  it.each([
    ['super@example.com', 'super_admin'],
    ['writer@example.com', 'write'],
    ['reader@example.com', 'read'],
  ])('signs in %s and the token identifies the admin with role %s', async (email, role) => {
    const token = await t.login(email);
    const result = await t.gql<{ adminUser: { email: string; roles: { name: string }[] } }>(
      ADMIN_USER,
      {},
      token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.adminUser.email).toBe(email);
    expect(result.data?.adminUser.roles.map((r) => r.name)).toEqual([role]);
  });

  it('issues a token of at least 128 random bits and stores only its hash', async () => {
    const token = await t.login('reader@example.com');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db
      .selectFrom('admin_access_tokens')
      .select(['token_hash', 'created_at', 'expires_at'])
      .execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    const row = stored.find((r) => r.token_hash === hashAccessToken(token));
    expect(row).toBeDefined();
    const lifetime = new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime();
    expect(Math.abs(lifetime - 24 * 3600 * 1000)).toBeLessThan(5_000);
  });

  it('answers the same message for an unknown email and a wrong password', async () => {
    const post = (body: unknown) =>
      fetch(`${t.baseUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const wrongPassword = await post({ email: 'super@example.com', password: 'WrongPass1' });
    const unknownEmail = await post({ email: 'nobody@example.com', password: 'DemoPass123' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const a = (await wrongPassword.json()) as { errors: { message: string }[]; data?: unknown };
    const b = (await unknownEmail.json()) as { errors: { message: string }[]; data?: unknown };
    expect(a.errors[0]?.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(b).toEqual(a);
    expect(a.data).toBeUndefined();
  });

  it('rejects a body without email or password', async () => {
    const response = await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'super@example.com' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('postSignIn and the access token', () => {
  it('signs in through the mutation and returns the user', async () => {
    const result = await t.gql<{
      postSignIn: { message: string; accessToken: string; user: { email: string } };
    }>(
      'mutation ($email: String!, $password: String!) { postSignIn(email: $email, password: $password) { message accessToken user { email } } }',
      { email: 'WRITER@example.com', password: 'DemoPass123' },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.postSignIn.user.email).toBe('writer@example.com');
    const me = await t.gql<{ adminUser: { email: string } }>(
      ADMIN_USER,
      {},
      result.data!.postSignIn.accessToken,
    );
    expect(me.data?.adminUser.email).toBe('writer@example.com');
  });

  it('gives no token for a wrong password', async () => {
    const result = await t.gql(
      'mutation { postSignIn(email: "writer@example.com", password: "nope12345") { accessToken } }',
    );
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(result.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    ['missing', undefined],
    ['unknown', 'not-a-real-token'],
  ])('refuses a %s token with the exact spec message', async (_label, token) => {
    const result = await t.gql(ADMIN_USER, {}, token);
    expect(result.errors?.[0]?.message).toBe(AUTHORIZATION_ERROR_MESSAGE);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an expired token', async () => {
    const token = await t.login('reader@example.com');
    await t.database.db
      .updateTable('admin_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashAccessToken(token))
      .execute();
    const result = await t.gql(ADMIN_USER, {}, token);
    expect(result.errors?.[0]?.message).toBe(AUTHORIZATION_ERROR_MESSAGE);
  });

  it('revokes the token on sign-out', async () => {
    const token = await t.login('reader@example.com');
    const out = await t.gql<{ postSignOut: boolean }>('mutation { postSignOut }', {}, token);
    expect(out.data?.postSignOut).toBe(true);
    const after = await t.gql(ADMIN_USER, {}, token);
    expect(after.errors?.[0]?.message).toBe(AUTHORIZATION_ERROR_MESSAGE);
  });
});
