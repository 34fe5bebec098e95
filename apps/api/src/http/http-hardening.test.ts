import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { contentSecurityPolicy } from './security-headers';

const ALLOWED = 'https://ops.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { CORS_ORIGINS: ALLOWED, CSP_IMG_ORIGINS: 'https://cdn.example.com' },
  });
});
afterAll(async () => {
  await t.close();
});

const SIGN_IN =
  'mutation { postSignIn(email: "super@example.com", password: "DemoPass123") { accessToken } }';

describe('CSRF prevention', () => {
  it('refuses a multipart POST without a preflight header, before it signs anybody in', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: SIGN_IN }));
    form.set('map', '{}');
    const response = await fetch(`${t.baseUrl}/graphql-admin`, { method: 'POST', body: form });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('FORBIDDEN');
  });

  it('refuses a form-encoded or text/plain POST to /login', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'email=super%40example.com&password=DemoPass123'],
      ['text/plain', JSON.stringify({ email: 'super@example.com', password: 'DemoPass123' })],
    ]) {
      const response = await fetch(`${t.baseUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': type! },
        body,
      });
      expect(response.status).toBe(403);
    }
  });

  it('lets JSON through (a browser always preflights it) and a request with the token header', async () => {
    const json = await t.gql<{ postSignIn: { accessToken: string } }>(SIGN_IN);
    expect(json.data?.postSignIn.accessToken).toMatch(/\S{20,}/);
    const url = new URL(`${t.baseUrl}/graphql-admin`);
    url.searchParams.set('query', '{ __typename }');
    const withHeader = await fetch(url, { headers: { 'x-admin-access-token': 'x' } });
    expect(withHeader.status).toBe(200);
    const without = await fetch(url);
    expect(without.status).toBe(403);
  });
});

describe('CORS', () => {
  it('grants nothing to an origin that is not configured', async () => {
    const response = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-admin-access-token',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const post = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants a configured origin, without credentials', async () => {
    const preflight = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-admin-access-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-admin-access-token');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const post = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: { origin: ALLOWED, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });
});

describe('headers', () => {
  it('marks API answers no-store and sends the CSP', async () => {
    for (const [path, init] of [
      [
        '/graphql-admin',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ __typename }"}',
        },
      ],
      [
        '/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email":"a@b.cd","password":"x"}',
        },
      ],
    ] as const) {
      const response = await fetch(`${t.baseUrl}${path}`, init);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const page = await fetch(`${t.baseUrl}/healthz`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: https:\/\/cdn\.example\.com(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('allows images only from self, data: and the allow-list', () => {
    const policy = contentSecurityPolicy([]);
    const img = policy.split('; ').find((d) => d.startsWith('img-src'));
    expect(img).toBe("img-src 'self' data:");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });
});

describe('POST /login speaks the one error model', () => {
  it('answers a NUL byte in the email as BAD_USER_INPUT, without a database message', async () => {
    const response = await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'super\u0000@example.com', password: 'DemoPass123' }),
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/0x00|invalid byte sequence|UTF8/i);
    expect(JSON.parse(text)).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT' } }],
    });
  });

  it('answers malformed JSON and an oversized body in the same shape', async () => {
    const malformed = await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const big = await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(1 << 20) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
  });
});
