/**
 * What the confirmed-set fingerprint (issue 33) costs the writes it guards: the signing export
 * (preview, then the export of the previewed set) and the payments import (dry run with its
 * check report, then the apply). The same script runs on any commit that has these calls, so
 * "before" (a checkout without fingerprints) and "after" are measured by the same code:
 *
 *   node --import tsx bench/confirmed-sets.ts [--requests 300] [--rows 50000] [--iterations 5]
 *
 * It starts the real app on a fresh database (PGlite, or PostgreSQL with DATABASE_URL) holding
 * the demo population, and over HTTP, as the web app calls them:
 * - signing export: `--requests` requested requests of the kind are approved (directly, as the
 *   export-scope test does), previewed (count, and the fingerprint where the preview has one)
 *   and exported with what the preview answered; each iteration takes fresh requests;
 * - payments import: a file of `--rows` rows is dry-run (the check of every row, the report
 *   the check-report download serves), the report downloaded, then applied (with the dry run's
 *   fingerprint where the API takes one); each iteration's file has other users' rows.
 * Reported: median and min of each step, the machine's load at start and end.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  ACCESS_TOKEN_HEADER,
  GRAPHQL_PATH,
  WITHDRAWAL_KINDS,
  type WithdrawalKind,
} from '@app/shared';
import { CHECK_REPORTS_PATH } from '../apps/api/src/platform/imports/check-report-route';
import { startDemoApp } from '../apps/api/test/demo-app';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    rows: { type: 'string', default: '50000' },
    iterations: { type: 'string', default: '5' },
    users: { type: 'string', default: '20000' },
    // A kind whose requests have no source record (copies of them are new requests).
    kind: { type: 'string', default: 'bonus_reward' },
  },
});
const REQUESTS = Number(args.requests);
const ROWS = Number(args.rows);
const ITERATIONS = Number(args.iterations);
const KIND = args.kind as WithdrawalKind;
if (!WITHDRAWAL_KINDS.includes(KIND))
  throw new Error(`--kind: one of ${WITHDRAWAL_KINDS.join(', ')}`);

const loadStart = os.loadavg();
const { t, tokens } = await startDemoApp({ users: Number(args.users), seed: 7 });
const db = t.database.db;
const token = tokens.writer;

type Timed<T> = { ms: number; value: T };
async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Whether the running API's schema has an argument (the "before" checkout lacks fingerprints). */
async function hasArgument(field: string, argument: string): Promise<boolean> {
  const r = await t.gql<{
    __schema: {
      types: Array<{ fields: Array<{ name: string; args: Array<{ name: string }> }> | null }>;
    };
  }>(`{ __schema { types { fields { name args { name } } } } }`, {}, token);
  return (r.data?.__schema.types ?? []).some((type) =>
    (type.fields ?? []).some((f) => f.name === field && f.args.some((a) => a.name === argument)),
  );
}
/**
 * Enough requested requests of the kind for every iteration: the population's requested ones,
 * copied (every column but the id, whatever the checkout's table holds) until there are.
 */
async function provideRequests(needed: number): Promise<void> {
  const columns = (
    await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'withdrawal_requests' AND column_name <> 'id' ORDER BY ordinal_position`.execute(
      db,
    )
  ).rows
    .map((r) => `"${r.name}"`)
    .join(', ');
  for (;;) {
    const have = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM withdrawal_requests
        WHERE kind = ${KIND} AND status = 'requested'`.execute(db)
    ).rows[0]!.n;
    if (have === 0) throw new Error('the population has no requested request of the kind');
    if (have >= needed) return;
    await sql
      .raw(
        `INSERT INTO withdrawal_requests (${columns})
      SELECT ${columns} FROM withdrawal_requests
       WHERE kind = '${KIND}' AND status = 'requested' LIMIT ${needed - have}`,
      )
      .execute(db);
  }
}
await provideRequests(REQUESTS * ITERATIONS);
const exportTakesFingerprint = await hasArgument('postWithdrawalSigningExport', 'fingerprint');
const importTakesFingerprint = await hasArgument('postAddUserPaymentsByCSV', 'fingerprint');

async function signingExportOnce(
  iteration: number,
): Promise<{ previewMs: number; exportMs: number }> {
  const picked = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests
     WHERE kind = ${KIND} AND status = 'requested'
     ORDER BY id LIMIT ${REQUESTS}`.execute(db);
  if (picked.rows.length < REQUESTS) throw new Error(`only ${picked.rows.length} saving requests`);
  const ids = picked.rows.map((r) => r.id);
  // Nothing else approved: the export takes exactly these.
  await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'bench'
    WHERE kind = ${KIND} AND status = 'approved'`.execute(db);
  // Two distinct admins approve each, so every coin's threshold is met.
  await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
    SELECT r.id, a.user_name, 1 FROM withdrawal_requests r
      CROSS JOIN admin_users a
     WHERE r.id = ANY(${ids}::bigint[])
       AND a.email IN ('writer@example.com', 'super@example.com')`.execute(db);
  // Back to approved whatever the last iteration left (the transition rules are the app's,
  // not the bench's: its triggers are off for this one statement).
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ANY(${ids}::bigint[])`.execute(
      trx,
    );
  });

  const previewQuery = `query { withdrawalSigningExportPreview(kind: ${KIND}) { count${exportTakesFingerprint ? ' fingerprint' : ''} } }`;
  const preview = await timed(() =>
    t.gql<{ withdrawalSigningExportPreview: { count: number; fingerprint?: string } }>(
      previewQuery,
      {},
      token,
    ),
  );
  const seen = preview.value.data?.withdrawalSigningExportPreview;
  if (!seen || seen.count !== REQUESTS)
    throw new Error(`preview: ${JSON.stringify(preview.value).slice(0, 400)}`);
  const exported = await timed(() =>
    t.gql<{ postWithdrawalSigningExport: { batch: { requestCount: number } } }>(
      `mutation ($key: String!, $n: Int!${exportTakesFingerprint ? ', $fp: String' : ''}) {
        postWithdrawalSigningExport(kind: ${KIND}, layout: v1, clientKey: $key, expectedCount: $n${exportTakesFingerprint ? ', fingerprint: $fp' : ''}) {
          batch { requestCount } } }`,
      { key: `bench-export-key-${iteration}-${Date.now()}`, n: seen.count, fp: seen.fingerprint },
      token,
    ),
  );
  const count = exported.value.data?.postWithdrawalSigningExport.batch.requestCount;
  if (count !== REQUESTS)
    throw new Error(`export: ${JSON.stringify(exported.value).slice(0, 400)}`);
  return { previewMs: preview.ms, exportMs: exported.ms };
}

/** Sends a payments file as the screen does (GraphQL multipart), answering the report. */
async function upload(content: string, dryRun: boolean, fingerprint?: string) {
  const withFingerprint = !dryRun && importTakesFingerprint && fingerprint;
  const operations = {
    query: `mutation ($file: Upload!, $dryRun: Boolean${withFingerprint ? ', $fp: String' : ''}) {
      postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun${withFingerprint ? ', fingerprint: $fp' : ''}) {
        countPayments report { kind count errorCount contentHash } } }`,
    variables: { file: null, dryRun, fp: fingerprint },
  };
  const form = new FormData();
  form.set('operations', JSON.stringify(operations));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([content], { type: 'text/csv' }), 'payments.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: token, 'x-graphql-yoga-csrf': '1' },
    body: form,
  });
  const body = (await response.json()) as {
    data?: {
      postAddUserPaymentsByCSV: {
        countPayments: number;
        report: { kind: string; count: number; errorCount: number; contentHash: string };
      };
    };
    errors?: unknown;
  };
  if (!body.data) throw new Error(`upload: ${JSON.stringify(body).slice(0, 400)}`);
  return body.data.postAddUserPaymentsByCSV;
}

const users = (
  await sql<{ id: number }>`SELECT id FROM end_users ORDER BY id LIMIT ${ROWS}`.execute(db)
).rows.map((r) => r.id);
const plan = (await sql<{ id: number }>`SELECT id FROM plans ORDER BY id LIMIT 1`.execute(db))
  .rows[0]!.id;

async function importOnce(
  iteration: number,
): Promise<{ dryMs: number; reportMs: number; applyMs: number }> {
  const lines = ['userId,planId,paidUsd,assetETH,assetHEC,confirmedAt'];
  for (let i = 0; i < ROWS; i++) {
    const minute = String(i % 60).padStart(2, '0');
    lines.push(
      `${users[i % users.length]},${plan},${100 + iteration},0,${(i % 97) + 1}.25,2026-0${1 + (iteration % 9)}-01T0${i % 10}:${minute}:00+09:00`,
    );
  }
  const content = `${lines.join('\n')}\n`;
  const dry = await timed(() => upload(content, true));
  if (dry.value.report.errorCount !== 0)
    throw new Error(`dry run: ${JSON.stringify(dry.value).slice(0, 400)}`);
  const { kind, contentHash } = dry.value.report;
  const report = await timed(async () => {
    const response = await fetch(`${t.baseUrl}${CHECK_REPORTS_PATH}/${kind}/${contentHash}`, {
      headers: { [ACCESS_TOKEN_HEADER]: token },
    });
    return (await response.arrayBuffer()).byteLength;
  });
  const apply = await timed(() => upload(content, false, dry.value.report.contentHash));
  if (apply.value.countPayments !== ROWS && apply.value.report.count !== ROWS)
    throw new Error(`apply: ${JSON.stringify(apply.value).slice(0, 400)}`);
  return { dryMs: dry.ms, reportMs: report.ms, applyMs: apply.ms };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const min = (xs: number[]) => Math.min(...xs);
const line = (name: string, xs: number[]) =>
  `| ${name} | ${median(xs).toFixed(1)} | ${min(xs).toFixed(1)} | ${xs.length} |`;

const exports: Array<{ previewMs: number; exportMs: number }> = [];
const imports: Array<{ dryMs: number; reportMs: number; applyMs: number }> = [];
for (let i = 0; i < ITERATIONS; i++) {
  exports.push(await signingExportOnce(i));
  imports.push(await importOnce(i));
}
await t.close();
const loadEnd = os.loadavg();
console.log(
  [
    `# Confirmed sets: signing export and payments import (${new Date().toISOString()})`,
    '',
    `Fingerprint sent: export ${exportTakesFingerprint}, import ${importTakesFingerprint}; ${REQUESTS} requests per export, ${ROWS} rows per file, ${ITERATIONS} iterations; database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}.`,
    `Load average at start ${loadStart.map((l) => l.toFixed(2)).join(', ')}, at end ${loadEnd.map((l) => l.toFixed(2)).join(', ')} (2 cores).`,
    '',
    '| step | median ms | min ms | n |',
    '| --- | --- | --- | --- |',
    line(
      'signing export: preview',
      exports.map((e) => e.previewMs),
    ),
    line(
      'signing export: export',
      exports.map((e) => e.exportMs),
    ),
    line(
      'payments import: dry run (check)',
      imports.map((e) => e.dryMs),
    ),
    line(
      'payments import: check report download',
      imports.map((e) => e.reportMs),
    ),
    line(
      'payments import: apply',
      imports.map((e) => e.applyMs),
    ),
  ].join('\n'),
);
