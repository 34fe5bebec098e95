import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { loadConfig } from '../src/config/env';
import { startMetricsServer } from '../src/http/metrics-route';
import { MAIL_EXPAND_QUEUE } from '../src/modules/mail/mail-jobs';
import { createJobs, type Jobs } from '../src/platform/jobs';
import { registerJobs } from '../src/server/jobs';
import { addHecAndEthPlans, addTestUsers } from './payment-fixtures';
import { startTestApp, type TestApp } from './test-app';

/**
 * Issue 36 part 4: GET /metrics is scraped after real calls (GraphQL operations on both
 * execution paths, a refused call, a malformed request, an import, an export, mail, a failed
 * job, a withdrawal waiting for two days), and every family the app registers is present and
 * moved. A family registered but never updated by these calls fails the last test, unless it
 * is named in STEADY with the reason it cannot move here.
 */
const TOKEN = 'metrics-test-token-0123456789abcdef0123456789';

/** Families that are set on every scrape but whose value these calls cannot change. */
const STEADY: Record<string, string> = {
  admin_metrics_database_scrape_success: 'is 1 on every good scrape',
};

let t: TestApp;
let jobs: Jobs;
let writer: string;
let reader: string;

type Sample = { name: string; labels: string; value: number };
type Scrape = { types: Map<string, string>; samples: Sample[] };

/** The Prometheus text format, as far as these tests read it: TYPE lines and samples. */
function parse(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    samples.push({ name: sample[1]!, labels: sample[2] ?? '', value: Number(sample[3]) });
  }
  return { types, samples };
}

/** A family's samples, keyed by sample name and labels (a histogram's buckets, sum, count). */
function familySamples(scrape: Scrape, family: string): Map<string, number> {
  const suffixes = scrape.types.get(family) === 'histogram' ? ['_bucket', '_sum', '_count'] : [''];
  const names = new Set(suffixes.map((s) => `${family}${s}`));
  return new Map(
    scrape.samples.filter((s) => names.has(s.name)).map((s) => [`${s.name}${s.labels}`, s.value]),
  );
}

function value(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const found = scrape.samples.filter(
    (s) => s.name === name && wanted.every((w) => s.labels.includes(w)),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

async function scrape(token: string | null = TOKEN): Promise<Scrape> {
  const response = await fetch(`${t.baseUrl}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

/**
 * A scrape taken while every pooled connection is held and one more caller waits for one, so
 * the pool gauges read in use and waiting (they are read before the scrape's own queries,
 * which then wait for the release).
 */
async function scrapeWhilePoolBusy(): Promise<Scrape> {
  const db = t.database.db;
  const releases: Array<() => void> = [];
  const holders: Array<Promise<void>> = [];
  for (let i = 0; i < t.database.poolStats().max; i += 1) {
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    holders.push(
      db.connection().execute(async () => {
        held();
        await new Promise<void>((release) => releases.push(release));
      }),
    );
    await holding;
  }
  const waiter = sql`SELECT 1`.execute(db);
  while (t.database.poolStats().waiting < 1) await new Promise((r) => setTimeout(r, 10));
  const scraping = scrape();
  // The scrape reads the pool when its request arrives, then waits for a connection.
  while (t.database.poolStats().waiting < 2) await new Promise((r) => setTimeout(r, 10));
  for (const release of releases) release();
  await Promise.all([...holders, waiter]);
  return scraping;
}

async function gqlNamed(query: string, token?: string, variables: object = {}) {
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ extensions?: { code?: string } }>;
  };
}

async function importPayments(content: string, dryRun: boolean) {
  const query = `mutation MetricsImport($file: Upload!, $dryRun: Boolean) { postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun) { report { rowCount imported { id } } } }`;
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { file: null, dryRun } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([Buffer.from(content, 'utf8')], { type: 'text/csv' }), 'pay.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: writer },
    body: form,
  });
  const body = (await response.json()) as {
    data?: { postAddUserPaymentsByCSV: { report: { rowCount: number } } };
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return body.data!.postAddUserPaymentsByCSV.report;
}

beforeAll(async () => {
  t = await startTestApp({
    env: { METRICS_TOKEN: TOKEN },
    services: async (database) => {
      // The server's own jobs, not worked: what is sent stays queued for the gauges to see.
      jobs = createJobs(database.db, { supervise: false });
      registerJobs(jobs, database.db, loadConfig({ NODE_ENV: 'test' }), () => {});
      await jobs.start();
      return { jobs };
    },
  });
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await t?.close();
}, 120_000);

describe('GET /metrics', () => {
  it('is refused without the token, and answers on the metrics port alone', async () => {
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);

    const port = await startMetricsServer(t.app.metrics, {
      port: 0,
      host: '127.0.0.1',
      token: undefined,
    });
    try {
      const address = port.server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('admin_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${address.port}/graphql-admin`)).status).toBe(404);
    } finally {
      await port.close();
    }
  });

  it('moves every family it registers after real calls', async () => {
    const db = t.database.db;
    const [userA] = await addTestUsers(db, 'metrics', [1]);
    const { hecPlan } = await addHecAndEthPlans(db, {
      hec: { name: 'Metrics HEC', priceUsd: '100' },
      eth: { name: 'Metrics ETH', priceUsd: '200' },
    });
    const before = await scrape();

    // GraphQL: a query (the fast path, twice: the second from its cache), a mutation (yoga),
    // a refused call and a malformed request.
    const users = 'query MetricsUsers { users { pagination { totalRecords } } }';
    expect((await gqlNamed(users, reader)).errors).toBeUndefined();
    expect((await gqlNamed(users, reader)).errors).toBeUndefined();
    const refused = await gqlNamed(users);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const malformed = await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);

    // Mail: a notification and its test mail, queued (no SMTP) with a drain job.
    const created = await gqlNamed(
      'mutation MetricsNotification($title: String, $content: String, $language: String) { postCreateNotification(title: $title, content: $content, language: $language) { notification { id } } }',
      writer,
      { title: 'Metrics', content: 'Scraped.', language: 'en' },
    );
    const notification = (created.data!.postCreateNotification as { notification: { id: number } })
      .notification.id;
    const mailed = await gqlNamed(
      'mutation MetricsMail($id: Int!) { postSendTestMail(notificationId: $id) { mailSendId } }',
      writer,
      { id: notification },
    );
    expect(mailed.errors).toBeUndefined();

    // A job that failed (pg-boss's own fail, as a worker's error does).
    const failing = await jobs.send(db, MAIL_EXPAND_QUEUE, { test: true }, { retryLimit: 0 });
    await jobs.boss.fail(MAIL_EXPAND_QUEUE, failing!, { message: 'metrics test' });

    // An import checked, then applied.
    const file = [
      'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt',
      `${userA},${hecPlan},100,0,10,2026-03-01T00:00:00Z`,
      `${userA},${hecPlan},50,0,5,2026-03-02T00:00:00Z`,
    ].join('\n');
    expect((await importPayments(file, true)).rowCount).toBe(2);
    expect((await importPayments(file, false)).rowCount).toBe(2);

    // An export downloaded whole.
    const link = await gqlNamed('query MetricsExport { usersCSV { url } }', reader);
    const url = (link.data!.usersCSV as { url: string }).url;
    const download = await fetch(`${t.baseUrl}${url}`, {
      headers: { [ACCESS_TOKEN_HEADER]: reader },
    });
    expect(download.status).toBe(200);
    const csv = Buffer.from(await download.arrayBuffer());

    // A withdrawal request waiting for two days.
    await sql`
      INSERT INTO withdrawal_requests (kind, end_user_id, coin_type, amount, net_amount, receiver_address, requested_at)
      VALUES ('affiliate_bonus', ${userA}, 'HEC', 1, 1, '0xmetrics', now() - interval '2 days')`.execute(
      db,
    );

    const after = await scrapeWhilePoolBusy();

    // What each call should have moved, by name and label.
    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    expect(
      moved('admin_http_requests_total', { route: '/graphql-admin', status_code: '200' }),
    ).toBeGreaterThanOrEqual(8);
    expect(moved('admin_http_requests_total', { route: '/login', status_code: '400' })).toBe(1);
    expect(
      moved('admin_graphql_operations_total', { operation: 'MetricsUsers', result: 'ok' }),
    ).toBe(2);
    expect(
      moved('admin_graphql_operations_total', { operation: 'MetricsUsers', result: 'error' }),
    ).toBe(1);
    expect(
      moved('admin_graphql_operation_duration_seconds_count', {
        operation: 'MetricsMail',
        type: 'mutation',
      }),
    ).toBe(1);
    expect(moved('admin_errors_total', { code: 'UNAUTHENTICATED' })).toBe(1);
    expect(moved('admin_errors_total', { code: 'BAD_USER_INPUT' })).toBe(1);
    expect(
      moved('admin_imports_total', { kind: 'payments', mode: 'dry_run', outcome: 'checked' }),
    ).toBe(1);
    expect(
      moved('admin_imports_total', { kind: 'payments', mode: 'apply', outcome: 'applied' }),
    ).toBe(1);
    expect(moved('admin_import_rows_total', { kind: 'payments' })).toBe(4);
    expect(moved('admin_import_bytes_total', { kind: 'payments', mode: 'apply' })).toBe(
      Buffer.byteLength(file),
    );
    expect(moved('admin_exports_total', { export: 'users', outcome: 'complete' })).toBe(1);
    expect(moved('admin_export_bytes_total', { export: 'users' })).toBe(csv.length);
    expect(moved('admin_export_rows_total', { export: 'users' })).toBe(1);
    expect(moved('admin_mail_outbox_messages', { status: 'pending' })).toBe(1);
    expect(value(after, 'admin_mail_outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(moved('admin_jobs', { queue: 'mail-deliver', state: 'created' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(moved('admin_jobs', { queue: MAIL_EXPAND_QUEUE, state: 'failed' })).toBe(1);
    expect(moved('admin_withdrawals_waiting_over_24h', { kind: 'affiliate_bonus' })).toBe(1);
    expect(
      value(after, 'admin_withdrawals_oldest_waiting_age_seconds', { kind: 'affiliate_bonus' }),
    ).toBeGreaterThan(47 * 3600);
    const max = t.database.poolStats().max;
    expect(value(after, 'admin_db_pool_connections', { state: 'max' })).toBe(max);
    expect(value(after, 'admin_db_pool_connections', { state: 'in_use' })).toBe(max);
    expect(value(after, 'admin_db_pool_waiting')).toBe(1);
    expect(value(after, 'admin_metrics_database_scrape_success')).toBe(1);
    // The process's own: memory and event-loop lag (prom-client's default metrics).
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(after.types.has(name), name).toBe(true);
    }

    // Every family of the app's own: present, and moved unless it is steady.
    const families = (await t.app.metrics.registry.getMetricsAsJSON())
      .map((m) => m.name)
      .filter((name) => name.startsWith('admin_'));
    expect(families.length).toBeGreaterThanOrEqual(20);
    const unmoved: string[] = [];
    for (const family of families) {
      const now = familySamples(after, family);
      expect(now.size, `${family} has samples`).toBeGreaterThan(0);
      if (family in STEADY) continue;
      const then = familySamples(before, family);
      const changed = [...now].some(([key, v]) => then.get(key) !== v);
      if (!changed) unmoved.push(family);
    }
    expect(unmoved).toEqual([]);
    // A steady family that is no longer registered is a stale entry.
    for (const family of Object.keys(STEADY)) expect(families).toContain(family);
  });
});
