import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@app/shared';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { signExportLink } from '../../platform/exports';
import { parseCsv } from '../../../test/csv-text';

// The export engine over real HTTP (issue 13): links bound to their admin and short-lived,
// the download authenticated by header or cookie, the file's bytes, and one audit row each.
let t: TestApp;
let reader: string;
let writer: string;
let now = Date.parse('2026-11-23T05:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date(now) });
  await seedDemoPopulation(t.database.db, { users: 120, seed: 7 });
  reader = await issueToken(t.database, 'reader@example.com');
  writer = await issueToken(t.database, 'writer@example.com');
});

afterAll(async () => {
  await t?.close();
});

type Link = { url: string; expiresAt: string; fileName: string };

async function usersLink(token: string, args = '') {
  const result = await t.gql<{ usersCSV: Link }>(
    `query { usersCSV${args ? `(${args})` : ''} { url expiresAt fileName } }`,
    {},
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.usersCSV;
}

function download(url: string, headers: Record<string, string> = {}) {
  return fetch(`${t.baseUrl}${url}`, { headers });
}

/** The status of a refused download; the body is read so the connection is free again. */
async function statusOf(url: string, headers: Record<string, string> = {}) {
  const response = await download(url, headers);
  await response.text();
  return response.status;
}

async function downloadRows(url: string, token: string) {
  const response = await download(url, { [ACCESS_TOKEN_HEADER]: token });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder('utf-8').decode(bytes));
}

async function downloadAuditRows() {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('operation', '=', 'downloadExport')
    .orderBy('id')
    .execute();
}

describe('usersCSV', () => {
  it('answers with the headers of a private attachment and a BOM', async () => {
    const link = await usersLink(reader);
    expect(link.url).toMatch(/^\/downloads\/users_20261123T1400\.csv\?link=[\w-]+\.[\w-]+$/);
    expect(link.fileName).toBe('users_20261123T1400.csv');
    const response = await download(link.url, { [ACCESS_TOKEN_HEADER]: reader });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="users_20261123T1400.csv"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text.startsWith('id,userName,email,')).toBe(true);
  });

  it('has exactly the rows of the filtered list, all pages, in its order', async () => {
    const filters = `cardStatus: [1, 2, 3], totalBuyAmountMoreThanOrEqual: "10", sort: { target: "totalBuyAmountUsd", orderBy: DESC }`;
    const list = await t.gql<{
      users: { list: Array<Record<string, unknown>>; pagination: { totalRecords: number } };
    }>(
      `query { users(${filters.replace(', sort:', ', pagination: { limit: 500, sort:')} }) {
        list { id userName totalBuyAmountUsd totalHECStakedAmount registeredAt aubeUserInfo { email } }
        pagination { totalRecords } } }`,
      {},
      reader,
    );
    expect(list.errors).toBeUndefined();
    const expected = list.data!.users.list;
    expect(expected.length).toBe(list.data!.users.pagination.totalRecords);
    expect(expected.length).toBeGreaterThan(2);
    const [header, ...rows] = await downloadRows((await usersLink(reader, filters)).url, reader);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.length).toBe(expected.length);
    rows.forEach((row, i) => {
      const user = expected[i]!;
      expect(row[col('id')]).toBe(String(user.id));
      expect(row[col('userName')]).toBe(user.userName);
      expect(row[col('email')]).toBe((user.aubeUserInfo as { email: string }).email);
      expect(row[col('totalBuyAmountUsd')]).toBe(user.totalBuyAmountUsd);
      expect(row[col('totalHECStakedAmount')]).toBe(user.totalHECStakedAmount);
      expect(new Date(row[col('registeredAt')]!).toISOString()).toBe(user.registeredAt);
      // The business time zone's wall clock with its offset (issue 26, "One clock").
      expect(row[col('registeredAt')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?\+09:00$/);
    });
  });

  it('neutralises formula cells and keeps amounts exact and untouched', async () => {
    const user = await t.database.db
      .selectFrom('end_users')
      .select(['id', 'user_name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('end_users')
      .set({ first_name: '=HYPERLINK("http://x")', last_name: '-2+3' })
      .where('id', '=', user.id)
      .execute();
    const [header, ...rows] = await downloadRows(
      (await usersLink(reader, `userName: "${user.user_name}"`)).url,
      reader,
    );
    const row = rows.find((r) => r[0] === String(user.id))!;
    expect(row[header!.indexOf('firstName')]).toBe(`'=HYPERLINK("http://x")`);
    expect(row[header!.indexOf('lastName')]).toBe(`'-2+3`);
    expect(row[header!.indexOf('totalBuyAmountUsd')]).toMatch(/^\d+(\.\d+)?$/);
  });

  it('refuses a bad filter when the link is asked for', async () => {
    const result = await t.gql(`query { usersCSV(cardStatus: [9]) { url } }`, {}, reader);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('words an unknown version and an unknown export as codes with params (issue 26)', async () => {
    const version = await t.gql(`query { userPaymentsCSV(version: 3) { url } }`, {}, reader);
    expect(version.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'version',
      problem: 'oneOf',
      params: { values: '1, 2' },
    });
    const unknown = await t.gql(
      `query { exportPreview(name: "nope") { rows { cells } } }`,
      {},
      reader,
    );
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'export', id: 'nope' },
    });
  });
});

describe('links', () => {
  it('open nothing without a session: 401', async () => {
    const link = await usersLink(reader);
    expect(await statusOf(link.url)).toBe(401);
  });

  it("refuse another admin's link (403) and a forged one (403)", async () => {
    const link = await usersLink(reader);
    expect(await statusOf(link.url, { [ACCESS_TOKEN_HEADER]: writer })).toBe(403);
    const [body] = link.url.split('?link=')[1]!.split('.');
    expect(
      await statusOf(`/downloads/x.csv?link=${body}.AAAA`, { [ACCESS_TOKEN_HEADER]: reader }),
    ).toBe(403);
    expect(await statusOf(`/downloads/x.csv`, { [ACCESS_TOKEN_HEADER]: reader })).toBe(403);
    const other = signExportLink(Buffer.alloc(32, 1), {
      name: 'users',
      filters: {},
      adminUserId: 1,
      expiresAt: now + 60_000,
    });
    expect(
      await statusOf(`/downloads/x.csv?link=${other}`, { [ACCESS_TOKEN_HEADER]: reader }),
    ).toBe(403);
  });

  it('expire: 410', async () => {
    const link = await usersLink(reader);
    now += 6 * 60_000;
    try {
      expect(await statusOf(link.url, { [ACCESS_TOKEN_HEADER]: reader })).toBe(410);
    } finally {
      now -= 6 * 60_000;
    }
  });

  it('open with the download cookie set at sign-in, which GraphQL does not accept', async () => {
    const response = await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', password: 'DemoPass123' }),
    });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^admin_download=[^;]+; Max-Age=86400; Path=\/downloads; HttpOnly; SameSite=Strict/,
    );
    const cookie = setCookie.split(';')[0]!;
    const token = ((await response.json()) as { data: { access_token: string } }).data.access_token;
    const link = await usersLink(token);
    const file = await download(link.url, { cookie });
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('id,')).toBe(true);
    const graphql = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: '{ usersCSV { url } }' }),
    });
    const body = (await graphql.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('sign-out clears the cookie', async () => {
    const token = await t.login('reader@example.com');
    const response = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: token },
      body: JSON.stringify({ query: 'mutation { postSignOut }' }),
    });
    expect(response.headers.get('set-cookie')).toMatch(
      /^admin_download=; Max-Age=0; Path=\/downloads/,
    );
    await response.text();
  });
});

describe('audit', () => {
  it('writes one row per download: who, which export, filters, rows', async () => {
    const before = (await downloadAuditRows()).length;
    const rows = await downloadRows((await usersLink(reader, 'cardStatus: [4]')).url, reader);
    const after = await downloadAuditRows();
    expect(after.length).toBe(before + 1);
    const row = after[after.length - 1]!;
    expect(row.admin_user_name).toBe('reader01');
    expect(row.target_type).toBe('export');
    expect(row.summary).toEqual({
      export: 'users',
      filters: { cardStatus: [4] },
      rows: rows.length - 1,
      complete: true,
    });
  });
});

describe('auditLogsCsv', () => {
  it('gives super admins the filtered audit log, and nobody else the file or its preview', async () => {
    const superToken = await issueToken(t.database, 'super@example.com');
    const link = await t.gql<{ auditLogsCsv: { url: string } }>(
      `query { auditLogsCsv(operation: "downloadExport") { url } }`,
      {},
      superToken,
    );
    expect(link.errors).toBeUndefined();
    const expected = await t.database.db
      .selectFrom('audit_log')
      .select(['id', 'admin_user_name'])
      .where('operation', '=', 'downloadExport')
      .orderBy('id', 'desc')
      .execute();
    const [header, ...rows] = await downloadRows(link.data!.auditLogsCsv.url, superToken);
    expect(rows.map((r) => r[0])).toEqual(expected.map((e) => String(e.id)));
    expect(header).toContain('summary');
    const refused = await t.gql(`query { auditLogsCsv { url } }`, {}, reader);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const preview = await t.gql(
      `query { exportPreview(name: "auditLogs") { rows { cells } } }`,
      {},
      reader,
    );
    expect(preview.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
