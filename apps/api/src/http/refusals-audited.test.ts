import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH, REFUSAL_OPERATIONS } from '@app/shared';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 33 part 6: every refused business action leaves an audit row with its reason code (in
 * its own transaction: the action's was rolled back), and so does every refusal outside
 * GraphQL (the upload gate, download links, check reports); the audit log filters them; a
 * password in a GET query string never reaches the log; IMPORT_MAX_BYTES is exact.
 */
const LIMIT = 4096;
let t: TestApp;
let writer: string;
let reader: string;
let superAdmin: string;
const logged: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: { IMPORT_MAX_BYTES: String(LIMIT), LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logged.push(line) },
  });
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
  superAdmin = await t.login('super@example.com');
});

afterAll(async () => {
  await t?.close();
});

type AuditRow = { operation: string; admin_user_id: number | null; summary: unknown };

/** The audit rows of an operation written after `afterId` (the hook writes after answering). */
async function rowsAfter(afterId: string, operation: string, atLeast = 1): Promise<AuditRow[]> {
  for (let tries = 0; ; tries++) {
    const r = await sql<AuditRow>`
      SELECT operation, admin_user_id, summary FROM audit_log
       WHERE id > ${afterId}::bigint AND operation = ${operation} ORDER BY id`.execute(
      t.database.db,
    );
    if (r.rows.length >= atLeast || tries > 100) return r.rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function lastAuditId(): Promise<string> {
  const r = await sql<{
    id: string;
  }>`SELECT coalesce(max(id), 0)::text AS id FROM audit_log`.execute(t.database.db);
  return r.rows[0]!.id;
}

const BOUNDARY = '----issue33boundary';
const UPLOAD =
  'mutation ($file: Upload!, $dryRun: Boolean) { postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun) { countPayments } }';

/** A multipart upload body of exactly `size` bytes: the CSV padded with blank lines. */
function uploadBody(size: number, csv: string, dryRun = true): Buffer {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n` +
    JSON.stringify({ query: UPLOAD, variables: { file: null, dryRun } }) +
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n` +
    JSON.stringify({ 0: ['variables.file'] }) +
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const padding = size - Buffer.byteLength(head + csv + tail);
  if (padding < 0) throw new Error('body too small for its envelope');
  return Buffer.from(head + csv + '\n'.repeat(padding) + tail);
}

async function send(body: Buffer, token: string | null) {
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(token ? { [ACCESS_TOKEN_HEADER]: token } : { 'x-graphql-yoga-csrf': '1' }),
    },
    body: new Uint8Array(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: unknown;
      errors?: Array<{ extensions: Record<string, unknown> }>;
    },
  };
}

const CSV = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n424242,4242,10,0,1,\r\n';

describe('IMPORT_MAX_BYTES is exact', () => {
  it('reads a body of exactly the limit, and answers one byte more 413 before reading it (audited)', async () => {
    const at = await send(uploadBody(LIMIT, CSV), writer);
    expect(at.status).toBe(200);
    expect(at.body.errors?.[0]?.extensions?.code).not.toBe('PAYLOAD_TOO_LARGE');
    const before = await lastAuditId();
    const over = await send(uploadBody(LIMIT + 1, CSV), writer);
    expect(over.status).toBe(413);
    expect(over.body.errors![0]!.extensions).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      maxBytes: LIMIT,
    });
    const [row] = await rowsAfter(before, 'requestRefused');
    expect(row?.summary).toMatchObject({ gate: 'upload', status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(row?.admin_user_id).not.toBeNull();
  });
});

describe('refusals outside GraphQL are audited', () => {
  it('the upload gate: 401 anonymous, 403 read-only', async () => {
    const before = await lastAuditId();
    expect((await send(uploadBody(1024, CSV), null)).status).toBe(401);
    expect((await send(uploadBody(1024, CSV), reader)).status).toBe(403);
    const rows = await rowsAfter(before, 'requestRefused', 2);
    // The hook writes after answering, so the two rows may land in either order.
    expect(
      rows
        .map((r) => [(r.summary as { status: number }).status, r.admin_user_id === null])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [401, true],
      [403, false],
    ]);
  });

  it('download links (forged, no session) and check reports (none, no write role)', async () => {
    const before = await lastAuditId();
    const forged = await fetch(`${t.baseUrl}/downloads/users.csv?link=not-a-link`, {
      headers: { [ACCESS_TOKEN_HEADER]: writer },
    });
    expect(forged.status).toBe(403);
    await forged.arrayBuffer();
    const anonymous = await fetch(`${t.baseUrl}/downloads/users.csv?link=not-a-link`);
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();
    const none = await fetch(`${t.baseUrl}/import-reports/payments/${'a'.repeat(64)}`, {
      headers: { [ACCESS_TOKEN_HEADER]: writer },
    });
    expect(none.status).toBe(404);
    await none.arrayBuffer();
    const readOnly = await fetch(`${t.baseUrl}/import-reports/payments/${'a'.repeat(64)}`, {
      headers: { [ACCESS_TOKEN_HEADER]: reader },
    });
    expect(readOnly.status).toBe(403);
    await readOnly.arrayBuffer();
    const rows = await rowsAfter(before, 'requestRefused', 4);
    // Written after each answer, so in no promised order: four rows, these four.
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.summary)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ gate: 'download', status: 403, reason: 'forged' }),
        expect.objectContaining({ gate: 'download', status: 401, code: 'UNAUTHENTICATED' }),
        expect.objectContaining({ gate: 'checkReport', status: 404 }),
        expect.objectContaining({ gate: 'checkReport', status: 403 }),
      ]),
    );
    // The link itself (a bearer of its export) is not kept: the path only.
    expect(JSON.stringify(rows)).not.toContain('not-a-link');
  });
});

describe('refused business actions are audited with their reason', () => {
  it('ALREADY_IMPORTED, INVALID_ROWS and THRESHOLD_CHANGE_PENDING, each in its own transaction', async () => {
    await t.database.db
      .insertInto('end_users')
      .values({
        id: 424242,
        user_name: 'refusal_user',
        invite_code: 'REFUSAL1',
        email: 'refusal@example.com',
        aube_user_id_hash: 'refusalhash',
        first_name: 'Refusal',
        last_name: 'User',
      })
      .execute();
    await t.database.db
      .insertInto('plans')
      .values({ id: 4242, name: 'Refusal plan', price_usd: '100', coin_type: 'HEC' })
      .execute();
    const before = await lastAuditId();
    const csv = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n424242,4242,12,0,1,\r\n';
    expect((await send(uploadBody(1024, csv, false), writer)).body.errors).toBeUndefined();
    const again = await send(uploadBody(1024, csv, false), writer);
    expect(again.body.errors![0]!.extensions.reason).toBe('ALREADY_IMPORTED');
    const invalid = await send(
      uploadBody(1024, 'userId,planId,paidUsd,assetETH,assetHEC\r\n424242,4242,0,0,1\r\n', false),
      writer,
    );
    expect(invalid.body.errors![0]!.extensions.reason).toBe('INVALID_ROWS');

    const RAISE = `mutation { postUpdateWithdrawalApprovalThreshold(coinType: "ATEM", secondApprovalAbove: "999999999") { coinType } }`;
    expect((await t.gql(RAISE, {}, superAdmin)).errors).toBeUndefined();
    const pending = await t.gql(RAISE.replace('999999999', '999999998'), {}, superAdmin);
    expect(pending.errors![0]!.extensions!.reason).toBe('THRESHOLD_CHANGE_PENDING');

    const rows = await rowsAfter(before, 'actionRefused', 3);
    expect(rows.map((r) => r.summary)).toEqual([
      expect.objectContaining({
        field: 'postAddUserPaymentsByCSV',
        code: 'CONFLICT',
        reason: 'ALREADY_IMPORTED',
      }),
      expect.objectContaining({
        field: 'postAddUserPaymentsByCSV',
        code: 'BAD_USER_INPUT',
        reason: 'INVALID_ROWS',
      }),
      expect.objectContaining({
        field: 'postUpdateWithdrawalApprovalThreshold',
        code: 'CONFLICT',
        reason: 'THRESHOLD_CHANGE_PENDING',
      }),
    ]);

    // The audit log screen's filter: refusals only.
    const listed = await t.gql<{ auditLogs: { list: Array<{ operation: string }> } }>(
      `{ auditLogs(refusals: true, pagination: { limit: 100 }) { list { operation } } }`,
      {},
      superAdmin,
    );
    expect(listed.errors).toBeUndefined();
    const operations = listed.data!.auditLogs.list.map((r) => r.operation);
    expect(operations).toContain('actionRefused');
    expect(operations).toContain('requestRefused');
    expect(operations.every((o) => (REFUSAL_OPERATIONS as readonly string[]).includes(o))).toBe(
      true,
    );
  });
});

describe('secrets in a query string never reach the log', () => {
  it('GET /graphql-admin with postSignIn and its password, and /login with one', async () => {
    const password = 'Very-Secret-Pass-4242';
    const url = new URL(`${t.baseUrl}${GRAPHQL_PATH}`);
    url.searchParams.set(
      'query',
      'mutation ($email: String!, $password: String!) { postSignIn(email: $email, password: $password) { accessToken } }',
    );
    url.searchParams.set('variables', JSON.stringify({ email: 'writer@example.com', password }));
    const got = await fetch(url, { headers: { 'x-graphql-yoga-csrf': '1' } });
    await got.arrayBuffer();
    const login = await fetch(`${t.baseUrl}/login?email=writer%40example.com&password=${password}`);
    await login.arrayBuffer();
    const odd = await fetch(
      `${t.baseUrl}/GRAPHQL-ADMIN/?query=x&variables=${encodeURIComponent(password)}`,
    );
    await odd.arrayBuffer();
    const lines = logged.filter((l) => /graphql-admin|\/login/i.test(l));
    expect(lines.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(password);
    expect(lines.join('\n')).toContain('/graphql-admin?[redacted]');
  });
});
