import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config/env';
import fs from 'node:fs';
import { PASSWORD_PATTERN } from '@app/shared';
import { COMMON_PASSWORDS_FILE, isCommonPassword } from './common-passwords';
import { ACCOUNT_THROTTLE_POLICY, THROTTLE_POLICY } from './sign-in-throttle';
import { base32Decode, totpCode, totpStep } from './totp';

let t: TestApp;
let proxied: TestApp;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  t = await startTestApp({ clock: now });
  // Behind one proxy: the proxy (here: the test, on loopback) appends the client's address.
  proxied = await startTestApp({ clock: now, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});
beforeEach(async () => {
  for (const app of [t, proxied]) {
    await app.database.db.deleteFrom('admin_sign_in_throttles').execute();
  }
});

async function login(app: TestApp, body: Record<string, unknown>, headers = {}) {
  const response = await fetch(`${app.baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { errors?: Array<{ extensions: { code: string } }> },
  };
}

async function auditRows(app: TestApp, operation: string) {
  return app.database.db
    .selectFrom('audit_log')
    .select(['operation', 'ip', 'summary', 'admin_user_id'])
    .where('operation', '=', operation)
    .orderBy('id')
    .execute();
}

describe('trusted proxy hops', () => {
  it('keys the throttle on the address the trusted proxy saw, not a client-written entry', async () => {
    for (let i = 0; i <= THROTTLE_POLICY.FREE_FAILURES; i += 1) {
      const answer = await login(
        proxied,
        { email: 'writer@example.com', password: 'Wrong1234' },
        { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.5` },
      );
      expect(answer.status).toBe(401);
    }
    const rotated = await login(
      proxied,
      { email: 'writer@example.com', password: 'Wrong1234' },
      { 'x-forwarded-for': '10.9.8.99, 203.0.113.5' },
    );
    expect(rotated.status).toBe(429);
    const failures = await auditRows(proxied, 'signInFailed');
    expect(new Set(failures.map((row) => row.ip))).toEqual(new Set(['203.0.113.5']));
  });

  it('refuses TRUST_PROXY=true, which would believe the left-most entry', async () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
    ]);
  });
});

describe('per-account limit', () => {
  it('slows guesses spread over many addresses, for a minute at most', async () => {
    let last = { status: 0 };
    for (let i = 0; i <= ACCOUNT_THROTTLE_POLICY.FREE_FAILURES; i += 1) {
      last = await login(
        proxied,
        { email: 'reader@example.com', password: 'Wrong1234' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
    }
    expect(last.status).toBe(401);
    // The 11th failure blocked the account from every address, even with the right password.
    const blocked = await login(
      proxied,
      { email: 'reader@example.com', password: 'DemoPass123' },
      { 'x-forwarded-for': '198.51.100.200' },
    );
    expect(blocked.status).toBe(429);
    const throttled = await auditRows(proxied, 'signInThrottled');
    expect(throttled.length).toBeGreaterThan(0);
    offsetMs += ACCOUNT_THROTTLE_POLICY.MAX_DELAY_MS + 1000;
    const later = await login(
      proxied,
      { email: 'reader@example.com', password: 'DemoPass123' },
      { 'x-forwarded-for': '198.51.100.201' },
    );
    expect(later.status).toBe(200);
  });
});

describe('password checks behind a token', () => {
  const DISABLE = 'mutation ($p: String!) { postDisableTotp(password: $p) { totpEnabled } }';
  const PROFILE =
    'mutation ($old: String!) { postUpdateAdminUserProfile(oldPassword: $old, newPassword: "Fresh7Pass") { newEmail } }';

  it('throttles postDisableTotp and records each failure as reauthFailed', async () => {
    const token = await t.login('writer@example.com');
    const codes: string[] = [];
    for (let i = 0; i <= THROTTLE_POLICY.FREE_FAILURES + 1; i += 1) {
      const answer = await t.gql(DISABLE, { p: `Guess${i}xyz` }, token);
      codes.push(String(answer.errors?.[0]?.extensions?.code));
    }
    expect(codes.slice(0, THROTTLE_POLICY.FREE_FAILURES + 1)).toEqual(
      Array(THROTTLE_POLICY.FREE_FAILURES + 1).fill('BAD_USER_INPUT'),
    );
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    // Blocked: even the right password is not checked.
    const right = await t.gql(DISABLE, { p: 'DemoPass123' }, token);
    expect(right.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    const events = await auditRows(t, 'reauthFailed');
    expect(events).toHaveLength(THROTTLE_POLICY.FREE_FAILURES + 1);
  });

  it('throttles the old password of postUpdateAdminUserProfile the same way', async () => {
    const token = await t.login('reader@example.com');
    let code = '';
    for (let i = 0; i <= THROTTLE_POLICY.FREE_FAILURES + 1; i += 1) {
      const answer = await t.gql(PROFILE, { old: `Guess${i}xyz` }, token);
      code = String(answer.errors?.[0]?.extensions?.code);
    }
    expect(code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('common passwords', () => {
  it('knows Password123 in any case, and not the demo password', () => {
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('PASSWORD1')).toBe(true);
    expect(isCommonPassword('DemoPass123')).toBe(false);
  });

  it('reads 10,000 distinct lower-case passwords the rules would otherwise accept from its data file', () => {
    const lines = fs.readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(10_000);
    expect(new Set(lines).size).toBe(10_000);
    expect(lines.filter((p) => !PASSWORD_PATTERN.test(p) || p !== p.toLowerCase())).toEqual([]);
    // The last line counts as much as the first.
    expect(isCommonPassword(lines[0]!.toUpperCase())).toBe(true);
    expect(isCommonPassword(lines.at(-1)!)).toBe(true);
  });

  it('refuses Password123 as a new password', async () => {
    const token = await t.login('super@example.com');
    const answer = await t.gql<{ postUpdateAdminUserProfile: unknown }>(
      'mutation { postUpdateAdminUserProfile(oldPassword: "DemoPass123", newPassword: "Password123") { newEmail } }',
      {},
      token,
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.message).toMatch(/most common passwords/);
    // Still the old password.
    expect(await t.login('super@example.com')).toMatch(/\S+/);
  });
});

describe('refused calls', () => {
  it('records a signed-in admin refused by their role as accessRefused', async () => {
    const token = await t.login('reader@example.com');
    const answer = await t.gql('{ adminUsers { id } }', {}, token);
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rows = await auditRows(t, 'accessRefused');
    expect(rows.at(-1)?.summary).toMatchObject({ fields: ['adminUsers'] });
  });
});

describe('sessions', () => {
  const SESSIONS = '{ adminSessions { id ip current createdAt lastUsedAt expiresAt } }';
  type Sessions = {
    adminSessions: Array<{ id: string; ip: string | null; current: boolean; lastUsedAt: string }>;
  };

  it('ends a session left idle past the timeout, and keeps one in use', async () => {
    const idle = await t.login('writer@example.com');
    const used = await t.login('writer@example.com');
    // 20 minutes in, the used one is used; 20 more and the idle one has been idle for 40.
    offsetMs += 20 * 60_000;
    expect((await t.gql('{ adminUser { id } }', {}, used)).errors).toBeUndefined();
    offsetMs += 20 * 60_000;
    expect((await t.gql('{ adminUser { id } }', {}, used)).errors).toBeUndefined();
    const refused = await t.gql('{ adminUser { id } }', {}, idle);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("lists one's own live sessions and signs out everywhere", async () => {
    const first = await t.login('super@example.com');
    const second = await t.login('super@example.com');
    const other = await t.login('reader@example.com');
    const listed = await t.gql<Sessions>(SESSIONS, {}, second);
    expect(listed.errors).toBeUndefined();
    const sessions = listed.data!.adminSessions;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.every((s) => s.ip === '127.0.0.1')).toBe(true);

    const ended = await t.gql<{ postSignOutEverywhere: number }>(
      'mutation { postSignOutEverywhere }',
      {},
      second,
    );
    // Idle and expired tokens of the admin go too, so at least the listed ones ended.
    expect(ended.data?.postSignOutEverywhere).toBeGreaterThanOrEqual(sessions.length);
    for (const token of [first, second]) {
      const answer = await t.gql('{ adminUser { id } }', {}, token);
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    // Another admin's session is untouched.
    expect((await t.gql('{ adminUser { id } }', {}, other)).errors).toBeUndefined();
    const audited = await auditRows(t, 'postSignOutEverywhere');
    expect(audited.at(-1)?.summary).toBeDefined();
  });
});

describe('two-factor required for super_admin (REQUIRE_TOTP_FOR_SUPER_ADMIN=1)', () => {
  it('lets a super admin without two-factor only enrol it; other roles are unaffected', async () => {
    const strict = await startTestApp({ env: { REQUIRE_TOTP_FOR_SUPER_ADMIN: '1' } });
    try {
      const token = await strict.login('super@example.com');
      const refused = await strict.gql('{ adminUsers { id } }', {}, token);
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'TOTP_ENROLMENT_REQUIRED',
      });
      const profile = await strict.gql<{ adminUser: { totpRequired: boolean } }>(
        '{ adminUser { totpRequired } }',
        {},
        token,
      );
      expect(profile.data?.adminUser.totpRequired).toBe(true);

      const started = await strict.gql<{ postStartTotpEnrollment: { secret: string } }>(
        'mutation { postStartTotpEnrollment { secret } }',
        {},
        token,
      );
      const secret = started.data!.postStartTotpEnrollment.secret;
      const code = totpCode(base32Decode(secret), totpStep(new Date()));
      const confirmed = await strict.gql(
        'mutation ($c: String!) { postConfirmTotpEnrollment(totpCode: $c) { totpEnabled } }',
        { c: code },
        token,
      );
      expect(confirmed.errors).toBeUndefined();
      const allowed = await strict.gql('{ adminUsers { id } }', {}, token);
      expect(allowed.errors).toBeUndefined();

      const writer = await strict.login('writer@example.com');
      expect((await strict.gql('{ users { list { id } } }', {}, writer)).errors).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});
