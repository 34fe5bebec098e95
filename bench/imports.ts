/**
 * The CSV import engine against raw PostgreSQL COPY (issue 12), in the same run and the same
 * table: a payments file of `rows` rows (default 100,000; the issue's target is stated for
 * 1M) is (a) validated and applied all-or-nothing by the engine (parse, every cell checked,
 * staged, references and duplicates checked set-based, summary, INSERT … SELECT) and (b)
 * loaded by `COPY payments FROM STDIN` with the same values. Both run in a transaction that
 * is rolled back (fixtures included), so the database is left as it was; both fire the same
 * statement triggers (derived totals, counts), whose results are checked before the rollback.
 * ratio = COPY time / engine time (1 = as fast as COPY; the target is ≥ 0.5).
 *
 * Where the engine's time goes: its phases as it reports them (parsing = reading, checking
 * every cell and staging; checking = duplicates, references, summary; applying = INSERT …
 * SELECT with the triggers), and a parse-only pass over the same bytes without a database.
 * Memory: heap and RSS sampled every 20 ms during the engine's run, above the level before
 * it (the file's bytes, held as the upload is, are outside the heap and reported apart).
 *
 * benchRateAssignment: a rate assignment of a window holding ≥ 150k unfixed payments of the
 * benchmark database through the repository (lock, record, one UPDATE with the triggers,
 * counts), against the same UPDATE sent as raw SQL; each rolled back, each twice (raw,
 * engine, engine, raw), the means reported.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DB } from '../apps/api/src/db/schema';
import { PAYMENT_COLUMNS } from '../apps/api/src/modules/payments/payments-imports';
import { paymentsImportDefinition } from '../apps/api/src/modules/payments/payments-service';
import {
  allowLongStatements,
  assignRates,
  tryLockRateAssignment,
} from '../apps/api/src/modules/payments/payments-write-repository';
import { openCsv } from '../apps/api/src/platform/csv';
import { checkCell, runImport, type ImportPhase } from '../apps/api/src/platform/imports';

export type ImportBenchResult = {
  rows: number;
  bytes: number;
  engineMs: number;
  copyMs: number;
  ratio: number;
  /** Time of each phase the engine reported, ms. */
  phases: Partial<Record<ImportPhase, number>>;
  /** Reading and checking every cell of the file without a database, ms. */
  parseOnlyMs: number;
  /** Peak heap and RSS above the level before the run, MiB. */
  heapPeakMiB: number;
  rssPeakMiB: number;
  /** The most heap the parse held (after a full collection, every 100k rows), MiB. */
  retainedMiB: number;
};

class Rollback extends Error {}

const USERS = 100;

/** Bench users and a plan, inside the measured transaction (rolled back with it). */
async function fixtures(
  trx: Transaction<DB> | pg.ClientBase,
): Promise<{ users: number[]; planId: number }> {
  const text = `WITH u AS (
      INSERT INTO end_users (user_name, invite_code, email, aube_user_id_hash, first_name, last_name)
      SELECT 'bench_import_' || g, 'BENCHIMP' || g, 'bench_import_' || g || '@example.com', 'benchimp' || g, 'Bench', 'Import'
      FROM generate_series(1, ${USERS}) g RETURNING id)
    SELECT array_agg(id ORDER BY id) AS ids FROM u`;
  const plan = `INSERT INTO plans (name, price_usd, coin_type) VALUES ('bench import plan', 100, 'HEC') RETURNING id`;
  if ('query' in trx && typeof trx.query === 'function') {
    const client = trx as pg.ClientBase;
    const u = await client.query<{ ids: number[] }>(text);
    const p = await client.query<{ id: number }>(plan);
    return { users: u.rows[0]!.ids, planId: p.rows[0]!.id };
  }
  const t = trx as Transaction<DB>;
  const u = await sql<{ ids: number[] }>`${sql.raw(text)}`.execute(t);
  const p = await sql<{ id: number }>`${sql.raw(plan)}`.execute(t);
  return { users: u.rows[0]!.ids, planId: p.rows[0]!.id };
}

/** Collects garbage when the flag can be set, so the levels before a run are comparable. */
function collect(): void {
  v8.setFlagsFromString('--expose_gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Samples heap and RSS every 20 ms until stopped; returns the peaks. */
function sampleMemory(): () => { heap: number; rss: number } {
  let heap = 0;
  let rss = 0;
  const take = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(take, 20);
  return () => {
    clearInterval(timer);
    take();
    return { heap, rss };
  };
}

/** The file as the upload hands it over, written piece by piece (no array of lines). */
export function paymentsFile(rows: number, users: number[], planId: number): Buffer {
  const pieces: Buffer[] = [Buffer.from('userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n')];
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    chunk += row(i, users, planId).join(',') + '\r\n';
    if (chunk.length > 256 * 1024) {
      pieces.push(Buffer.from(chunk));
      chunk = '';
    }
  }
  pieces.push(Buffer.from(chunk));
  return Buffer.concat(pieces);
}

/** Reads and checks every cell like the engine, without staging: the parse's own cost. */
async function parseOnly(content: Buffer): Promise<number> {
  const started = performance.now();
  async function* pieces() {
    for (let at = 0; at < content.length; at += 64 * 1024)
      yield content.subarray(at, at + 64 * 1024);
  }
  const reader = await openCsv(pieces());
  const keys = Object.keys(PAYMENT_COLUMNS) as Array<keyof typeof PAYMENT_COLUMNS>;
  let first = true;
  let bad = 0;
  for await (const record of reader.records) {
    if (first) {
      first = false;
      continue;
    }
    keys.forEach((key, i) => {
      if (!checkCell(PAYMENT_COLUMNS[key], record.cells[i] ?? '').ok) bad++;
    });
  }
  if (bad > 0) throw new Error(`${bad} cells refused`);
  return performance.now() - started;
}

function row(i: number, users: number[], planId: number): string[] {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
  return [
    String(users[i % users.length]),
    String(planId),
    // paidUsd is whole dollars (packages/shared paidUsdProblem, issue 33).
    String(100 + (i % 900)),
    '0',
    `${i % 97}.123456789012345678`,
    at,
  ];
}

/**
 * COPY of the bench's rows into payments on `client` (inside the caller's transaction, which
 * rolls it back): the baseline both import benches compare with. Returns its milliseconds.
 */
export async function copyPayments(
  client: pg.Client,
  rows: number,
  users: number[],
  planId: number,
): Promise<number> {
  const now = new Date().toISOString();
  const started = performance.now();
  const copy = client.query(
    copyFrom(`COPY payments (end_user_id, plan_id, price_usd, paid_usd, paid_btc, payment_address,
      status, confirmed_at, asset_fixed_at, amount_eth, amount_hec) FROM STDIN WITH (FORMAT csv)`),
  );
  await pipeline(
    Readable.from(
      (function* () {
        let chunk = '';
        for (let i = 0; i < rows; i++) {
          const [u, p, usd, eth, hec, at] = row(i, users, planId);
          chunk += `${u},${p},100,${usd},0,manual,asset_fixed,${at},${now},${eth},${hec}\n`;
          if (chunk.length > 64 * 1024) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      })(),
    ),
    copy,
  );
  return performance.now() - started;
}

export async function benchImports(
  db: Kysely<DB>,
  databaseUrl: string,
  rows: number,
): Promise<ImportBenchResult> {
  // The ids the fixtures get are the same in both runs only by luck; the file is written for
  // the engine's run from the ids it sees, so it is built inside the transaction.
  let engineMs = 0;
  let bytes = 0;
  let parseOnlyMs = 0;
  let peaks = { heap: 0, rss: 0, retained: 0 };
  const phases: Partial<Record<ImportPhase, number>> = {};
  await db
    .transaction()
    .execute(async (trx) => {
      const { users, planId } = await fixtures(trx);
      const content = paymentsFile(rows, users, planId);
      bytes = content.length;
      parseOnlyMs = await parseOnly(content);
      const file = {
        name: 'bench.csv',
        size: content.length,
        arrayBuffer: async () =>
          content.buffer.slice(
            content.byteOffset,
            content.byteOffset + content.length,
          ) as ArrayBuffer,
      };
      collect();
      const before = process.memoryUsage();
      const stop = sampleMemory();
      const started = performance.now();
      let phase: ImportPhase | null = null;
      let retained = 0;
      let phaseStarted = started;
      const report = await runImport(db, paymentsImportDefinition(new Date()), file, {
        onProgress: (p) => {
          // What the parse keeps while it runs: the heap after a full collection, every 100k rows.
          if (p.phase === 'parsing' && p.rowsRead > 0 && p.rowsRead % 100_000 === 0) {
            collect();
            retained = Math.max(retained, process.memoryUsage().heapUsed - before.heapUsed);
          }
          if (p.phase === phase) return;
          const at = performance.now();
          if (phase) phases[phase] = (phases[phase] ?? 0) + (at - phaseStarted);
          phase = p.phase;
          phaseStarted = at;
        },
        dryRun: false,
        actor: { adminUserId: null, adminUserName: 'bench' },
        // The apply runs in this (savepoint-free) outer transaction, rolled back below.
        transaction: async (work) => (await work(trx)).result,
        maxBytes: 1024 * 1024 * 1024,
      });
      engineMs = performance.now() - started;
      const peak = stop();
      peaks = { heap: peak.heap - before.heapUsed, rss: peak.rss - before.rss, retained };
      if (report.imported?.appliedCount !== rows)
        throw new Error(`engine applied ${report.imported?.appliedCount}`);
      await checkTotals(trx, users, rows);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let copyMs = 0;
  try {
    await client.query('BEGIN');
    const { users, planId } = await fixtures(client);
    copyMs = await copyPayments(client, rows, users, planId);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
  return {
    rows,
    bytes,
    engineMs,
    copyMs,
    ratio: copyMs / engineMs,
    phases,
    parseOnlyMs,
    heapPeakMiB: peaks.heap / (1024 * 1024),
    rssPeakMiB: peaks.rss / (1024 * 1024),
    retainedMiB: peaks.retained / (1024 * 1024),
  };
}

/** The bench users' derived totals equal the sums of their payments after the import. */
async function checkTotals(trx: Transaction<DB>, users: number[], rows: number): Promise<void> {
  const r = await sql<{ bad: string; n: string }>`
    SELECT count(*) FILTER (WHERE e.payment_count <> x.n OR e.total_hec_amount <> x.hec) AS bad, sum(x.n) AS n
    FROM end_users e JOIN (
      SELECT end_user_id, count(*) AS n, sum(amount_hec) AS hec FROM payments
      WHERE end_user_id = ANY(${users}) GROUP BY end_user_id
    ) x ON x.end_user_id = e.id`.execute(trx);
  if (Number(r.rows[0]!.bad) !== 0 || Number(r.rows[0]!.n) !== rows) {
    throw new Error('derived totals disagree after the import');
  }
}

export type RateBenchResult = {
  payments: number;
  from: string;
  until: string;
  engineMs: number;
  rawMs: number;
  ratio: number;
};

/**
 * A rate assignment over the oldest `atLeast` unfixed payments of the database (the window
 * from the first to the atLeast-th confirmation), through the repository the call uses, and
 * the same UPDATE as raw SQL on a bare client; both rolled back, each run twice in the order
 * raw, engine, engine, raw (means). ratio = raw / engine.
 */
export async function benchRateAssignment(
  db: Kysely<DB>,
  databaseUrl: string,
  atLeast: number,
): Promise<RateBenchResult> {
  const bounds = await sql<{ from: Date; until: Date }>`
    SELECT (SELECT min(confirmed_at) FROM payments WHERE status = 'confirmed') AS from,
      (SELECT confirmed_at FROM payments WHERE status = 'confirmed'
        ORDER BY confirmed_at OFFSET ${atLeast - 1} LIMIT 1) AS until`.execute(db);
  const { from, until } = bounds.rows[0]!;
  if (!until) throw new Error(`fewer than ${atLeast} unfixed payments`);
  const deadline = new Date(until.getTime() + 86_400_000);
  const rates = { hec: '123456.123456789012345678', eth: '18.000000000000000007' };

  const raw = async (): Promise<{ ms: number; count: number }> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      const id = await client.query<{ id: number }>(
        `INSERT INTO rate_assignments (confirmed_at_from, confirmed_at_until, deadline, btc_hec_rate, btc_eth_rate)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [from, until, deadline, rates.hec, rates.eth],
      );
      const started = performance.now();
      const r = await client.query(
        `UPDATE payments p SET status = 'asset_fixed', asset_fixed_at = $3, rate_assignment_id = $4,
           btc_eth_rate = $5::numeric, btc_hec_rate = $6::numeric,
           amount_eth = CASE WHEN pl.coin_type = 'ETH' THEN trunc(p.paid_btc * $5::numeric, 18) ELSE 0 END,
           amount_hec = CASE WHEN pl.coin_type = 'HEC' THEN trunc(p.paid_btc * $6::numeric, 18) ELSE 0 END
         FROM plans pl
         WHERE pl.id = p.plan_id AND p.status = 'confirmed' AND p.confirmed_at >= $1 AND p.confirmed_at <= $2`,
        [from, until, deadline, id.rows[0]!.id, rates.eth, rates.hec],
      );
      return { ms: performance.now() - started, count: r.rowCount ?? 0 };
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    }
  };

  const engine = async (): Promise<{ ms: number; count: number }> => {
    let result = { ms: 0, count: 0 };
    await db
      .transaction()
      .execute(async (trx) => {
        const started = performance.now();
        await allowLongStatements(trx);
        if (!(await tryLockRateAssignment(trx))) throw new Error('rate assignment lock taken');
        const done = await assignRates(trx, {
          from,
          until,
          deadline,
          hecRate: rates.hec,
          ethRate: rates.eth,
          adminUserId: null,
        });
        result = { ms: performance.now() - started, count: done.count };
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return result;
  };

  // raw, engine, engine, raw: whichever runs on a warmer cache, both get it once.
  const runs = [await raw(), await engine(), await engine(), await raw()];
  const rawMs = (runs[0]!.ms + runs[3]!.ms) / 2;
  const engineMs = (runs[1]!.ms + runs[2]!.ms) / 2;
  const rawCount = runs[0]!.count;
  const count = runs[1]!.count;
  if (count !== rawCount || count < atLeast) {
    throw new Error(`the assignment fixed ${count}, the raw UPDATE ${rawCount}`);
  }
  return {
    payments: count,
    from: from.toISOString(),
    until: until.toISOString(),
    engineMs,
    rawMs,
    ratio: rawMs / engineMs,
  };
}

export type HttpImportBenchResult = {
  rows: number;
  bytes: number;
  /** The screen's check (dry run: every step, the apply included, rolled back), ms. */
  dryRunMs: number;
  /** The screen's apply request, from the first byte sent to the answer, ms. */
  applyMs: number;
  copyMs: number;
  /** COPY time / apply time over HTTP (1 = as fast as COPY; the target is ≥ 0.5). */
  ratio: number;
  /** The server process's RSS before the first upload, and its peak growth above it, MiB. */
  rssBeforeMiB: number;
  rssGrowthMiB: number;
  /** The server's load average (1, 5, 15 min) at the start and at the end of the run. */
  loadStart: number[];
  loadEnd: number[];
};

/**
 * The multipart request the Transactions screen sends (upload-csv.ts, a FormData by
 * XMLHttpRequest): operations, map, the file; as bytes with their boundary, so it goes by
 * node:http, which (unlike fetch) waits as long as the server takes to answer.
 */
export function screenRequest(
  content: Buffer,
  dryRun: boolean,
  progressKey: string,
): { body: Buffer[]; length: number; type: string } {
  // As the screen sends it: background, so the answer is the run at once (issue 36) and the
  // report is read from csvImportRun (`screenUpload`), as no proxy's idle timeout can cut.
  const query = `mutation TransactionsUploadPayments($file: Upload!, $dryRun: Boolean, $progressKey: String) {
  postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun, progressKey: $progressKey, background: true) {
    runId
  }
}`;
  const boundary = `----WebKitFormBoundary${Math.random().toString(36).slice(2, 18)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n` +
      JSON.stringify({ query, variables: { file: null, dryRun, progressKey } }) +
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n` +
      JSON.stringify({ 0: ['variables.file'] }) +
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="payments-1m.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: [head, content, tail],
    length: head.length + content.length + tail.length,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

export function postMultipart(
  port: number,
  token: string,
  request: { body: Buffer[]; length: number; type: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql-admin',
        method: 'POST',
        headers: {
          'content-type': request.type,
          'content-length': request.length,
          'x-admin-access-token': token,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    for (const piece of request.body) req.write(piece);
    req.end();
  });
}

export type ScreenReport = {
  dryRun: boolean;
  rowCount: number;
  count: number;
  errorCount: number;
  imported: { id: string; appliedCount: number } | null;
};

/**
 * The screen's upload end to end: the multipart request, then its run polled (csvImportRun,
 * every 250 ms) until it has ended. Answers the report, or throws the refusal.
 */
export async function screenUpload(
  port: number,
  token: string,
  request: { body: Buffer[]; length: number; type: string },
): Promise<ScreenReport> {
  const sent = await postMultipart(port, token, request);
  const answer = JSON.parse(sent.text) as {
    data?: { postAddUserPaymentsByCSV: { runId: string | null } };
    errors?: unknown;
  };
  const runId = answer.data?.postAddUserPaymentsByCSV.runId;
  if (sent.status !== 200 || answer.errors || !runId)
    throw new Error(`upload answered ${sent.status}: ${sent.text.slice(0, 500)}`);
  const body = JSON.stringify({
    query: `query ($id: ID!) { csvImportRun(id: $id) { outcome refusal { message extensions }
      report { dryRun rowCount count errorCount imported { id appliedCount } } } }`,
    variables: { id: runId },
  });
  for (;;) {
    const polled = await postJson(port, token, body);
    const run = (
      JSON.parse(polled) as {
        data?: {
          csvImportRun: {
            outcome: string | null;
            report: ScreenReport | null;
            refusal: { message: string; extensions: string } | null;
          } | null;
        };
      }
    ).data?.csvImportRun;
    if (!run) throw new Error(`csvImportRun answered ${polled.slice(0, 300)}`);
    if (run.outcome && run.report) return run.report;
    if (run.outcome) throw new Error(`run ${runId} ${run.outcome}: ${JSON.stringify(run.refusal)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A JSON GraphQL request (a poll), through the same client as the upload. */
async function postJson(port: number, token: string, body: string): Promise<string> {
  const bytes = Buffer.from(body);
  const answer = await postMultipart(port, token, {
    body: [bytes],
    length: bytes.length,
    type: 'application/json',
  });
  return answer.text;
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** Users and a plan of a run's own, committed (an import over HTTP runs in its own transaction). */
export type CommittedFixtures = { suffix: string; users: number[]; planId: number };

/**
 * Creates `count` users and a plan for an import that commits (`tag` names the benchmark in
 * their names: bench_http_…, bench_mixed_…); dropFixtures deletes them and what was imported.
 */
export async function committedFixtures(
  db: Kysely<DB>,
  tag: 'http' | 'mixed',
  count: number,
): Promise<CommittedFixtures> {
  const suffix = (Date.now() % 1e9).toString(36).toUpperCase();
  const name = `bench_${tag}_`;
  const code = `B${tag[0]!.toUpperCase()}`;
  const lastName = tag[0]!.toUpperCase() + tag.slice(1);
  const created = await sql<{ ids: number[]; plan: number }>`
    WITH u AS (
      INSERT INTO end_users (user_name, invite_code, email, aube_user_id_hash, first_name, last_name)
      SELECT ${name} || ${suffix} || '_' || g, ${code} || ${suffix} || g, ${name} || ${suffix} || g || '@example.com',
        ${`bench${tag}`} || ${suffix} || g, 'Bench', ${lastName}
      FROM generate_series(1, ${count}) g RETURNING id),
    p AS (INSERT INTO plans (name, price_usd, coin_type) VALUES (${`bench ${tag} plan `} || ${suffix}, 100, 'HEC') RETURNING id)
    SELECT (SELECT array_agg(id ORDER BY id) FROM u) AS ids, (SELECT id FROM p) AS plan`.execute(
    db,
  );
  return { suffix, users: created.rows[0]!.ids, planId: created.rows[0]!.plan };
}

/**
 * Leaves the database as it was: the fixtures' payments, the import records of the file (only
 * those imported since `importedSince` when given), the users and the plan.
 */
export async function dropFixtures(
  db: Kysely<DB>,
  { users, planId }: Pick<CommittedFixtures, 'users' | 'planId'>,
  importedSince?: Date,
): Promise<void> {
  const since = importedSince ? sql` AND imported_at > ${importedSince}` : sql``;
  await db.transaction().execute(async (trx) => {
    await allowLongStatements(trx);
    await sql`DELETE FROM payments WHERE end_user_id = ANY(${users}::integer[])`.execute(trx);
    await sql`DELETE FROM csv_imports WHERE kind = 'payments' AND file_name = 'payments-1m.csv'${since}`.execute(
      trx,
    );
    await sql`DELETE FROM end_users WHERE id = ANY(${users}::integer[])`.execute(trx);
    await sql`DELETE FROM plans WHERE id = ${planId}`.execute(trx);
  });
}

/**
 * A payments file of `rows` rows imported end to end over HTTP by the real server (a child
 * process: bench/http-server.ts app), through the Transactions screen's own multipart request
 * (check, then apply), against `COPY payments FROM STDIN` of the same values into the same
 * table in the same run (rolled back). The fixtures (users, plan) and the imported payments are
 * committed by the import and deleted afterwards. The server's RSS is read from /proc every
 * 50 ms. ratio = COPY ms / apply ms.
 */
export async function benchImportsHttp(
  db: Kysely<DB>,
  databaseUrl: string,
  rows: number,
  token: string,
  start: () => Promise<{ port: number; pid: number; stop: () => void }>,
): Promise<HttpImportBenchResult> {
  const loadStart = os.loadavg();
  const { suffix, users, planId } = await committedFixtures(db, 'http', USERS);
  const content = paymentsFile(rows, users, planId);

  // COPY of the same values into the same table, rolled back.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let copyMs = 0;
  try {
    await client.query('BEGIN');
    copyMs = await copyPayments(client, rows, users, planId);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }

  const server = await start();
  let peak = 0;
  const rssBefore = rssOf(server.pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 50);
  const send = async (dryRun: boolean) => {
    const started = performance.now();
    const report = await screenUpload(
      server.port,
      token,
      screenRequest(content, dryRun, `bench-${suffix}-${dryRun ? 'dry' : 'apply'}`),
    );
    return { ms: performance.now() - started, report };
  };
  let dryRunMs = 0;
  let applyMs = 0;
  try {
    const dry = await send(true);
    if (dry.report.count !== rows || dry.report.errorCount !== 0)
      throw new Error(`dry run: ${JSON.stringify(dry.report)}`);
    dryRunMs = dry.ms;
    const applied = await send(false);
    if (applied.report.imported?.appliedCount !== rows)
      throw new Error(`apply: ${JSON.stringify(applied.report)}`);
    applyMs = applied.ms;
  } finally {
    clearInterval(timer);
    server.stop();
    // Leave the database as it was: the imported payments, their import record, the fixtures.
    await dropFixtures(db, { users, planId });
  }
  return {
    rows,
    bytes: content.length,
    dryRunMs,
    applyMs,
    copyMs,
    ratio: copyMs / applyMs,
    rssBeforeMiB: rssBefore / 1048576,
    rssGrowthMiB: (peak - rssBefore) / 1048576,
    loadStart,
    loadEnd: os.loadavg(),
  };
}
