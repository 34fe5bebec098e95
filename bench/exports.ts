/**
 * The export engine against raw PostgreSQL `COPY … TO STDOUT` (issue 13), in the same run:
 * `usersCSV` unfiltered (every user of the benchmark database) downloaded over real HTTP from
 * the real app (buildApp, listening on 127.0.0.1 in this process; the client reads the stream
 * and counts its lines), against `COPY (the export's own SQL) TO STDOUT WITH (FORMAT csv,
 * HEADER)` through pg-copy-streams. Rounds alternate COPY and export.
 *
 * - rows/s ratio = export rows/s / COPY rows/s (target ≥ 0.5);
 * - the process's RSS, sampled every 100 ms during each export, minus the RSS just before it
 *   (target ≤ 150 MB growth);
 * - the users list page (POST /graphql-admin as another admin, one request after another):
 *   p95 idle, and p95 while a full export runs.
 *
 * Writes: two access tokens (deleted at the end) and one audit row per download. The audit
 * rows stay: every download is audited and the audit log is append-only, and a benchmark has
 * no business switching that protection off. Nothing else.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ACCESS_TOKEN_HEADER } from '@app/shared';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase } from '../apps/api/src/db/database';
import { generateAccessToken, hashAccessToken } from '../apps/api/src/modules/auth/access-token';
import { usersExportQuery } from '../apps/api/src/modules/users/users-repository';
import { usersFilter } from '../apps/api/src/modules/users/users-service';
import { USERS_PAGE_QUERY } from './http-throughput';

export const EXPORT_RATIO_TARGET = 0.5;
export const EXPORT_RSS_TARGET_MB = 150;
export const LIST_P95_TARGET_MS = 50;

export type ExportRun = { rows: number; bytes: number; ms: number; rssGrowthMB: number };
export type CopyRun = { rows: number; bytes: number; ms: number };

export type ExportBenchResult = {
  rounds: { copy: CopyRun; export: ExportRun }[];
  /** Median over the rounds of export rows/s ÷ COPY rows/s. */
  ratio: number;
  maxRssGrowthMB: number;
  idle: { n: number; p50: number; p95: number };
  busy: { n: number; p50: number; p95: number; export: ExportRun };
};

const MB = 1024 * 1024;
const NEWLINE = 0x0a;

/** Lines and bytes of a stream, without keeping it: what a client saving the file would do. */
async function drain(stream: Readable): Promise<{ lines: number; bytes: number }> {
  let lines = 0;
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) lines++;
  }
  return { lines, bytes };
}

function percentiles(ms: number[]): { n: number; p50: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95) };
}

function request(
  port: number,
  options: { method: 'GET' | 'POST'; path: string; token: string; body?: string },
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: {
          [ACCESS_TOKEN_HEADER]: options.token,
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function gql<T>(port: number, token: string, query: string, variables = {}): Promise<T> {
  const res = await request(port, {
    method: 'POST',
    path: '/graphql-admin',
    token,
    body: JSON.stringify({ query, variables }),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
  const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    data?: T;
    errors?: unknown[];
  };
  if (res.statusCode !== 200 || json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data as T;
}

export async function benchExports(databaseUrl: string): Promise<ExportBenchResult> {
  const poolSize = 10;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  const database = await openDatabase({ databaseUrl, poolSize });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const plain = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-copy' });
  await plain.connect();

  // Two admins with a role: one exports, the other browses the users list meanwhile.
  const admins = (
    await plain.query<{ id: number }>(
      `SELECT a.id FROM admin_users a WHERE EXISTS (SELECT 1 FROM admin_user_roles r WHERE r.admin_user_id = a.id)
         AND NOT a.must_change_password ORDER BY a.id LIMIT 2`,
    )
  ).rows;
  if (admins.length < 2) {
    await Promise.all([plain.end(), app.close()]);
    throw new Error('the benchmark database needs two admins (npm run bench once)');
  }
  const tokens = admins.map(() => generateAccessToken());
  for (const [i, admin] of admins.entries()) {
    await plain.query(
      `INSERT INTO admin_access_tokens (token_hash, admin_user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [hashAccessToken(tokens[i]!), admin.id],
    );
  }
  const [exporter, browser] = tokens as [string, string];

  // The same rows as the file: the export's own SQL (no filter, its default order).
  const compiled = usersExportQuery(database.db, usersFilter({}), {
    target: 'id',
    orderBy: 'desc',
  }).compile();
  if (compiled.parameters.length > 0) throw new Error('the unfiltered export SQL has parameters');

  async function copyRun(): Promise<CopyRun> {
    const started = performance.now();
    const stream = plain.query(
      copyTo(`COPY (${compiled.sql}) TO STDOUT WITH (FORMAT csv, HEADER)`),
    );
    const { lines, bytes } = await drain(stream);
    return { rows: lines - 1, bytes, ms: performance.now() - started };
  }

  async function exportRun(): Promise<ExportRun> {
    global.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 100);
    try {
      const started = performance.now();
      const { usersCSV } = await gql<{ usersCSV: { url: string } }>(
        port,
        exporter,
        '{ usersCSV { url } }',
      );
      const res = await request(port, { method: 'GET', path: usersCSV.url, token: exporter });
      if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}`);
      const { lines, bytes } = await drain(res);
      const ms = performance.now() - started;
      peak = Math.max(peak, process.memoryUsage.rss());
      return { rows: lines - 1, bytes, ms, rssGrowthMB: (peak - before) / MB };
    } finally {
      clearInterval(sampler);
    }
  }

  async function usersPage(): Promise<number> {
    const started = performance.now();
    await gql(port, browser, USERS_PAGE_QUERY, { pagination: { limit: 20, offset: 0 } });
    return performance.now() - started;
  }

  try {
    for (let i = 0; i < 5; i++) await usersPage(); // warm-up
    const rounds: ExportBenchResult['rounds'] = [];
    for (let round = 0; round < 2; round++) {
      const copy = await copyRun();
      const exported = await exportRun();
      if (exported.rows !== copy.rows) {
        throw new Error(`export wrote ${exported.rows} rows, COPY ${copy.rows}`);
      }
      rounds.push({ copy, export: exported });
      process.stderr.write(
        `round ${round + 1}: COPY ${copy.ms.toFixed(0)} ms, export ${exported.ms.toFixed(0)} ms, RSS +${exported.rssGrowthMB.toFixed(0)} MB\n`,
      );
    }

    const idleMs: number[] = [];
    for (let i = 0; i < 100; i++) idleMs.push(await usersPage());

    const busyMs: number[] = [];
    let exporting = true;
    const busyExport = exportRun().finally(() => {
      exporting = false;
    });
    while (exporting) busyMs.push(await usersPage());
    const busy = await busyExport;

    const ratios = rounds
      .map((r) => r.export.rows / r.export.ms / (r.copy.rows / r.copy.ms))
      .sort((a, b) => a - b);
    return {
      rounds,
      ratio: ratios[Math.floor((ratios.length - 1) / 2)]!,
      maxRssGrowthMB: Math.max(busy.rssGrowthMB, ...rounds.map((r) => r.export.rssGrowthMB)),
      idle: percentiles(idleMs),
      busy: { ...percentiles(busyMs), export: busy },
    };
  } finally {
    await app.close();
    await database.close();
    // The bench's sessions end with it; the audit rows of its downloads stay (see above).
    await plain.query('DELETE FROM admin_access_tokens WHERE token_hash = ANY($1)', [
      tokens.map(hashAccessToken),
    ]);
    await plain.end();
  }
}

/** The results as markdown lines for bench/results. */
export function exportLines(r: ExportBenchResult): string[] {
  const fmt = (n: number) => n.toFixed(0);
  const rate = (rows: number, ms: number) => fmt(rows / (ms / 1000));
  return [
    '## CSV export vs COPY TO STDOUT (bench/exports.ts)',
    '',
    `\`usersCSV\` unfiltered (${r.rounds[0]!.export.rows.toLocaleString('en-US')} rows) over HTTP from the real app on 127.0.0.1 (GraphQL link, then GET /downloads with the token; the client reads and counts the stream), against \`COPY (the export's SQL) TO STDOUT WITH (FORMAT csv, HEADER)\` through pg-copy-streams; rounds alternate. The app streams \`COPY\` with the cells formatted in SQL (platform/exports/export-copy.ts).`,
    '',
    '| round | COPY ms | COPY rows/s | COPY MiB | export ms | export rows/s | export MiB | export/COPY | RSS growth MB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.rounds.map(
      (x, i) =>
        `| ${i + 1} | ${fmt(x.copy.ms)} | ${rate(x.copy.rows, x.copy.ms)} | ${(x.copy.bytes / MB).toFixed(1)} | ${fmt(x.export.ms)} | ${rate(x.export.rows, x.export.ms)} | ${(x.export.bytes / MB).toFixed(1)} | ${(x.export.rows / x.export.ms / (x.copy.rows / x.copy.ms)).toFixed(2)} | ${x.export.rssGrowthMB.toFixed(0)} |`,
    ),
    '',
    `Ratio export/COPY rows/s (median of the rounds; of two, the lower): **${r.ratio.toFixed(2)}** (target ≥ ${EXPORT_RATIO_TARGET}: ${r.ratio >= EXPORT_RATIO_TARGET ? 'ok' : 'MISSED'}).`,
    `Largest RSS growth during an export: **${r.maxRssGrowthMB.toFixed(0)} MB** (target ≤ ${EXPORT_RSS_TARGET_MB} MB: ${r.maxRssGrowthMB <= EXPORT_RSS_TARGET_MB ? 'ok' : 'MISSED'}).`,
    '',
    'Users list page (POST /graphql-admin, first page of 20, another admin, sequential requests):',
    '',
    '| | requests | p50 ms | p95 ms |',
    '|---|---:|---:|---:|',
    `| idle | ${r.idle.n} | ${r.idle.p50.toFixed(1)} | ${r.idle.p95.toFixed(1)} |`,
    `| during a full export (${fmt(r.busy.export.ms)} ms) | ${r.busy.n} | ${r.busy.p50.toFixed(1)} | ${r.busy.p95.toFixed(1)} |`,
    '',
    `p95 during / idle: ${(r.busy.p95 / r.idle.p95).toFixed(2)}; list target p95 < ${LIST_P95_TARGET_MS} ms during the export: ${r.busy.p95 < LIST_P95_TARGET_MS ? 'ok' : 'MISSED'}.`,
    '',
  ];
}
