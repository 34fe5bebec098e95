import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { uploadGateOf } from './upload-gate';

/**
 * Uploads over real HTTP (issue 24): IMPORT_MAX_BYTES is the limit (not graphql-yoga's 25 MB
 * default), a file is read only once its caller may send one, one process reads a bounded
 * number of uploads at once, and download links stay out of the log.
 */
let t: TestApp;
let writer: string;
let reader: string;
const logged: string[] = [];

const BOUNDARY = '----issue24boundary';
const QUERY =
  'mutation ($file: Upload!, $dryRun: Boolean) { postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun) { countPayments report { rowCount count errorCount } } }';

/** The head of a multipart request as the screen sends it, up to the file's first byte. */
function multipartHead(dryRun: boolean): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n` +
    JSON.stringify({ query: QUERY, variables: { file: null, dryRun } }) +
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n` +
    JSON.stringify({ 0: ['variables.file'] }) +
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`
  );
}

type Answer = { status: number; body: string; bodyBytesSent: number };

/**
 * Starts a multipart upload declaring `declared` bytes, sends only `sent` of them and waits
 * for the answer (which must come without the rest of the body). The request is destroyed
 * after the answer, or on `abort`.
 */
function partialUpload(
  token: string | null,
  declared: number,
  sent: number,
  abort?: Promise<void>,
): Promise<Answer> {
  const head = Buffer.from(multipartHead(true));
  return new Promise((resolve, reject) => {
    const url = new URL(`${t.baseUrl}${GRAPHQL_PATH}`);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(declared),
        ...(token ? { [ACCESS_TOKEN_HEADER]: token } : { 'x-graphql-yoga-csrf': '1' }),
      },
    });
    let bodyBytesSent = 0;
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          bodyBytesSent,
        });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (abort) resolve({ status: 0, body: '', bodyBytesSent });
      else reject(error);
    });
    request.write(head);
    bodyBytesSent += head.length;
    const filler = Buffer.alloc(Math.max(0, sent - head.length), 0x0a);
    request.write(filler);
    bodyBytesSent += filler.length;
    void abort?.then(() => request.destroy());
  });
}

beforeAll(async () => {
  t = await startTestApp({
    env: { IMPORT_MAX_CONCURRENT: '1', LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logged.push(line) },
  });
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
  await t.database.db
    .insertInto('end_users')
    .values({
      id: 424242,
      user_name: 'http_user',
      invite_code: 'HTTPUSER',
      email: 'http@example.com',
      aube_user_id_hash: 'httphash',
      first_name: 'Http',
      last_name: 'User',
    })
    .execute();
  await t.database.db
    .insertInto('plans')
    .values({ id: 4242, name: 'Http plan', price_usd: '100', coin_type: 'HEC' })
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('uploads over HTTP', () => {
  it('takes a file larger than graphql-yoga’s 25 MB default, sent as the screen sends it', async () => {
    // 26 MB: one payment row and blank lines (not rows, not part of the file's identity).
    const csv =
      'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n424242,4242,10,0,1,2026-01-01T00:00:00Z\r\n' +
      '\r\n'.repeat(13_000_000);
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({ query: QUERY, variables: { file: null, dryRun: true } }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([csv], { type: 'text/csv' }), 'big.csv');
    const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { [ACCESS_TOKEN_HEADER]: writer },
      body: form,
    });
    const body = (await response.json()) as {
      data?: { postAddUserPaymentsByCSV: { report: { rowCount: number; count: number } } };
      errors?: unknown;
    };
    expect(response.status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.postAddUserPaymentsByCSV.report).toMatchObject({ rowCount: 1, count: 1 });
  });

  it('refuses an anonymous or read-only upload before reading its body', async () => {
    // 100 MB declared, 64 KiB sent: the answer comes while the body is still unsent.
    const anonymous = await partialUpload(null, 100_000_000, 64 * 1024);
    expect(anonymous.status).toBe(401);
    expect(anonymous.bodyBytesSent).toBeLessThan(100_000_000);
    expect(JSON.parse(anonymous.body).errors[0]).toMatchObject({
      message: 'Authorization error [no auth]',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const readOnly = await partialUpload(reader, 100_000_000, 64 * 1024);
    expect(readOnly.status).toBe(403);
    expect(JSON.parse(readOnly.body).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('reads one upload at a time here (IMPORT_MAX_CONCURRENT=1): another is answered IMPORT_BUSY, then taken', async () => {
    let abort!: () => void;
    const aborted = new Promise<void>((resolve) => (abort = resolve));
    // An upload in progress: its body is still coming.
    const running = partialUpload(writer, 10_000_000, 64 * 1024, aborted);
    const small =
      'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n424242,4242,11,0,1,2026-01-02T00:00:00Z\r\n';
    const send = async () => {
      const form = new FormData();
      form.set(
        'operations',
        JSON.stringify({ query: QUERY, variables: { file: null, dryRun: true } }),
      );
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new Blob([small], { type: 'text/csv' }), 'small.csv');
      const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
        method: 'POST',
        headers: { [ACCESS_TOKEN_HEADER]: writer },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as Record<string, never> };
    };
    // Wait until the first upload holds the slot (its request passed the gate).
    const gate = uploadGateOf(t.app)!;
    while (gate.running() === 0) await new Promise((r) => setTimeout(r, 10));
    const busy = await send();
    expect(busy.status).toBe(503);
    expect(busy.body.errors![0]).toMatchObject({ extensions: { code: 'IMPORT_BUSY' } });
    abort();
    await running;
    // The aborted upload gave its slot back: the next one is taken.
    while (gate.running() > 0) await new Promise((r) => setTimeout(r, 10));
    const after = await send();
    expect(after.status).toBe(200);
  });

  it('refuses a whole file with a code and parameters the screen words (issue 26)', async () => {
    // Each refusal of the file itself, on the payments import: extensions.fileProblem and
    // params, which the web app words in the admin's language (imports.fileProblems).
    const send = async (content: string | Uint8Array<ArrayBuffer>, dryRun = true) => {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: QUERY, variables: { file: null, dryRun } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new Blob([content], { type: 'text/csv' }), 'p.csv');
      const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
        method: 'POST',
        headers: { [ACCESS_TOKEN_HEADER]: writer },
        body: form,
      });
      const body = (await response.json()) as {
        errors?: Array<{ extensions: Record<string, unknown> }>;
      };
      return body.errors?.[0]?.extensions;
    };
    const head = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt';
    expect(await send('')).toMatchObject({
      code: 'BAD_USER_INPUT',
      fileProblem: 'emptyFile',
      params: {},
    });
    expect(await send(`${head}\r\n`, false)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fileProblem: 'noRows',
    });
    expect(await send(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatchObject({
      code: 'BAD_USER_INPUT',
      fileProblem: 'notCsv',
    });
    expect(await send(`${head}\r\n424242,"4242,10,0,1,x\r\n`)).toMatchObject({
      fileProblem: 'csvSyntax',
      params: { line: 2 },
    });
    expect(await send('userId,planId,paidUsd\r\n424242,4242,10\r\n')).toMatchObject({
      code: 'BAD_USER_INPUT',
      fileProblem: 'missingColumns',
      params: { columns: 'assetETH, assetHEC' },
    });
    expect(await send(`${head},userId\r\n`)).toMatchObject({
      fileProblem: 'duplicatedColumns',
      params: { columns: 'userId' },
    });
  });

  it('keeps download-link tokens out of the log', async () => {
    const secret = 'c2VjcmV0LWxpbmstdG9rZW4.c2lnbmF0dXJl';
    const response = await fetch(`${t.baseUrl}/downloads/users.csv?link=${secret}&x=1`, {
      headers: { [ACCESS_TOKEN_HEADER]: writer },
    });
    await response.arrayBuffer();
    const lines = logged.filter((l) => l.includes('/downloads/users.csv'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).toContain('/downloads/users.csv?link=[redacted]&x=1');
  });
});
