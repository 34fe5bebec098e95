/**
 * A busy morning on two replicas (issue 36, part 3): N operators (default 20, think time
 * 100–300 ms) spread over two app replicas (two bench/http-server.ts `app` processes, pool of
 * 10 each, on one PostgreSQL) ask random lists with random filters and sorts (the cases of
 * bench/list-matrix.ts: every list's declared filters and sorts, pages 1 and 50), a user's
 * detail and the dashboard. First quiet for `--quiet` seconds; then, while the operators go
 * on, a payments import of `--import-rows` rows over HTTP on replica A (the screen's own
 * multipart request, applied) and a full users export downloaded from replica B. Reported:
 * p50/p95/p99 of the operators' calls quiet and under load, every error, the import's and the
 * export's times against COPY of the same rows (rolled back) and COPY TO of the export's SQL,
 * and whether both were exact (every row imported once, every user exported once).
 *
 *   DATABASE_URL=<1M database> node --import tsx bench/mixed-load.ts [--operators 20]
 *     [--quiet 60] [--import-rows 200000] [--out bench/results/<stamp>-mixed-load-1M.md]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ACCESS_TOKEN_HEADER } from '@app/shared';
import type { DB } from '../apps/api/src/db/schema';
import { hashAccessToken } from '../apps/api/src/modules/auth/access-token';
import { usersExportQuery } from '../apps/api/src/modules/users/users-repository';
import { usersFilter } from '../apps/api/src/modules/users/users-service';
import { DashboardStatisticsDocument, UserDocument } from '../apps/web/src/gql/graphql';
import {
  committedFixtures,
  copyPayments,
  dropFixtures,
  paymentsFile,
  screenRequest,
  screenUpload,
} from './imports';
import { startServer, type Server } from './http-throughput';
import { matrixCases } from './list-matrix';
import { postGraphql, tokenFor } from './bench-client';

const { values: args } = parseArgs({
  options: {
    operators: { type: 'string', default: '20' },
    quiet: { type: 'string', default: '60' },
    'import-rows': { type: 'string', default: '200000' },
    out: { type: 'string' },
    label: { type: 'string', default: '' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL must name the benchmark database.');
  process.exit(64);
}
const OPERATORS = Number(args.operators);
const QUIET_MS = Number(args.quiet) * 1000;
const IMPORT_ROWS = Number(args['import-rows']);
const FIXTURE_USERS = 100;

type Call = { phase: 'quiet' | 'load'; kind: string; ms: number; error?: string };
type Body = { kind: string; body: string };

function get(server: Server, path: string, token: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'GET',
        headers: { [ACCESS_TOKEN_HEADER]: token },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** Lines of a CSV stream and the set of its first cells (the user ids), header left out. */
async function readIds(stream: Readable): Promise<{ lines: number; ids: Set<string> }> {
  const ids = new Set<string>();
  let lines = 0;
  let rest = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = rest + chunk.toString('utf8');
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines++;
      if (lines > 1) ids.add(line.slice(0, line.indexOf(',')).replace(/^\uFEFF/, ''));
    }
  }
  if (rest.trim() !== '') {
    lines++;
    ids.add(rest.slice(0, rest.indexOf(',')));
  }
  return { lines, ids };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const started = new Date();
  const loads: string[] = [`start ${loadavg()}`];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const plain = new pg.Client({ connectionString: url, application_name: 'bench-mixed-copy' });
  await plain.connect();

  // What the operators ask: every list case of the matrix, a user's detail, the dashboard.
  const { cases } = await matrixCases(url!, undefined);
  const maxUser = Number(
    (await plain.query<{ m: string }>('SELECT max(id) AS m FROM end_users')).rows[0]!.m,
  );
  const bodies: Body[] = cases.map((c) => ({ kind: c.list, body: c.body }));
  for (let i = 0; i < 200; i++)
    bodies.push({
      kind: 'user detail',
      body: JSON.stringify({
        query: UserDocument.toString(),
        variables: { userId: 1 + Math.floor(Math.random() * maxUser) },
      }),
    });
  for (const [from, until] of [
    ['2026-10-31', '2026-10-31'],
    ['2026-10-02', '2026-10-31'],
    ['2025-11-01', '2026-11-01'],
  ])
    for (let i = 0; i < 30; i++)
      bodies.push({
        kind: 'dashboard',
        body: JSON.stringify({
          query: DashboardStatisticsDocument.toString(),
          variables: { period: 'CUSTOM', dateFrom: from, dateUntil: until },
        }),
      });

  const token = await tokenFor(url!);
  const workerToken = await tokenFor(url!);
  const replicas = [
    await startServer('app', { DATABASE_URL: url }),
    await startServer('app', { DATABASE_URL: url }),
  ] as const;
  const calls: Call[] = [];
  let phase: Call['phase'] = 'quiet';
  let stop = false;
  const operator = async (i: number) => {
    const server = replicas[i % 2]!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await sleep(Math.random() * 300);
    while (!stop) {
      const pick = bodies[Math.floor(Math.random() * bodies.length)]!;
      const at = phase;
      try {
        const r = await postGraphql(server.port, agent, token, pick.body);
        const json = JSON.parse(r.text) as { errors?: Array<{ message: string }> };
        calls.push({
          phase: at,
          kind: pick.kind,
          ms: r.ms,
          ...(r.status !== 200 || json.errors
            ? { error: `${r.status} ${JSON.stringify(json.errors ?? r.text).slice(0, 200)}` }
            : {}),
        });
      } catch (error) {
        calls.push({ phase: at, kind: pick.kind, ms: NaN, error: String(error) });
      }
      await sleep(100 + Math.random() * 200);
    }
    agent.destroy();
  };

  // The import's fixtures: users and a plan of its own, deleted afterwards.
  const { suffix, users, planId } = await committedFixtures(db, 'mixed', FIXTURE_USERS);
  const content = paymentsFile(IMPORT_ROWS, users, planId);
  const userCount = Number(
    (await plain.query<{ n: string }>('SELECT count(*) AS n FROM end_users')).rows[0]!.n,
  );

  let importResult: { ms: number; applied?: number; error?: string } = { ms: NaN };
  let exportResult: { ms: number; lines: number; distinct: number; error?: string } = {
    ms: NaN,
    lines: 0,
    distinct: 0,
  };
  try {
    const operators = Array.from({ length: OPERATORS }, (_, i) => operator(i));
    await sleep(QUIET_MS);
    loads.push(`end of quiet ${loadavg()}`);
    phase = 'load';
    const importRun = (async () => {
      const t0 = performance.now();
      try {
        const report = await screenUpload(
          replicas[0].port,
          workerToken,
          screenRequest(content, false, `bench-mixed-${suffix}`),
        );
        importResult = {
          ms: performance.now() - t0,
          applied: report.imported?.appliedCount,
        };
      } catch (error) {
        importResult = { ms: performance.now() - t0, error: String(error) };
      }
    })();
    const exportRun = (async () => {
      const t0 = performance.now();
      const agent = new http.Agent({ keepAlive: false });
      try {
        const r = await postGraphql(
          replicas[1].port,
          agent,
          workerToken,
          '{"query":"{ usersCSV { url } }"}',
        );
        const link = (JSON.parse(r.text) as { data?: { usersCSV: { url: string } } }).data?.usersCSV
          .url;
        if (!link) throw new Error(`usersCSV answered ${r.text.slice(0, 300)}`);
        const res = await get(replicas[1], link, workerToken);
        if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}`);
        const { lines, ids } = await readIds(res);
        exportResult = { ms: performance.now() - t0, lines, distinct: ids.size };
      } catch (error) {
        exportResult = { ms: performance.now() - t0, lines: 0, distinct: 0, error: String(error) };
      }
    })();
    await Promise.all([importRun, exportRun]);
    loads.push(`end of load ${loadavg()}`);
    stop = true;
    await Promise.all(operators);
  } finally {
    stop = true;
    for (const r of replicas) r.child.kill('SIGTERM');
  }

  // What was measured, kept before the clean-up and the baselines (which may fail).
  if (args.out)
    fs.writeFileSync(
      `${args.out}.calls.json`,
      JSON.stringify({ loads, importResult, exportResult, calls }),
    );
  // Exactness: the import's rows, once each; then the baselines, on the now quiet database.
  const imported = Number(
    (
      await plain.query<{ n: string }>(
        'SELECT count(*) AS n FROM payments WHERE end_user_id = ANY($1::integer[])',
        [users],
      )
    ).rows[0]!.n,
  );
  // COPY of the same rows (rolled back) while the fixture users still exist.
  await plain.query('BEGIN');
  const copyMs = await copyPayments(plain, IMPORT_ROWS, users, planId).finally(() =>
    plain.query('ROLLBACK'),
  );
  await dropFixtures(db, { users, planId }, started);
  const compiled = usersExportQuery(db, usersFilter({}), {
    target: 'id',
    orderBy: 'desc',
  }).compile();
  const t0 = performance.now();
  const copyTo1 = await readIds(
    plain.query(copyTo(`COPY (${compiled.sql}) TO STDOUT WITH (FORMAT csv, HEADER)`)),
  );
  const copyToMs = performance.now() - t0;
  loads.push(`end ${loadavg()}`);
  for (const t of [token, workerToken])
    await plain.query('DELETE FROM admin_access_tokens WHERE token_hash = $1', [
      hashAccessToken(t),
    ]);
  await plain.end();
  await db.destroy();

  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const stats = (list: Call[]) => {
    const ms = list
      .filter((c) => !c.error)
      .map((c) => c.ms)
      .sort((a, b) => a - b);
    return `| ${list.length} | ${fmt(percentile(ms, 50))} | ${fmt(percentile(ms, 95))} | ${fmt(percentile(ms, 99))} | ${fmt(ms.at(-1) ?? NaN)} | ${list.filter((c) => c.error).length} |`;
  };
  const kinds = [...new Set(calls.map((c) => c.kind))];
  const errors = calls.filter((c) => c.error);
  const lines = [
    `# Mixed load ${args.label}`,
    '',
    `${started.toISOString()} → ${new Date().toISOString()}, ${userCount.toLocaleString('en-US')} users, ${OPERATORS} operators (think time 100–300 ms) over two replicas (pool of 10 each), quiet ${QUIET_MS / 1000} s, then a ${IMPORT_ROWS.toLocaleString('en-US')}-row payments import over HTTP on replica A and the full users export from replica B. Load average (1/5/15 min) on ${os.cpus().length} cores: ${loads.join('; ')}.`,
    '',
    '| phase | calls | p50 | p95 | p99 | max | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| quiet ${stats(calls.filter((c) => c.phase === 'quiet'))}`,
    `| under load ${stats(calls.filter((c) => c.phase === 'load'))}`,
    '',
    '| phase | call | calls | p50 | p95 | p99 | max | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...(['quiet', 'load'] as const).flatMap((p) =>
      kinds.map(
        (k) => `| ${p} | ${k} ${stats(calls.filter((c) => c.phase === p && c.kind === k))}`,
      ),
    ),
    '',
    `**Import** (${IMPORT_ROWS.toLocaleString('en-US')} rows, ${(content.length / 1048576).toFixed(1)} MiB, applied over HTTP under load): ${fmt(importResult.ms)} ms; COPY of the same rows on the quiet database afterwards ${fmt(copyMs)} ms: ${fmt(copyMs / importResult.ms)} of COPY. Applied ${importResult.applied ?? '–'}, in the table ${imported}: ${imported === IMPORT_ROWS && importResult.applied === IMPORT_ROWS ? 'exact (every row once)' : 'NOT EXACT'}.${importResult.error ? ` Error: ${importResult.error}` : ''}`,
    '',
    `**Export** (every user, under load): ${fmt(exportResult.ms)} ms; COPY TO of the export's SQL on the quiet database afterwards ${fmt(copyToMs)} ms (${copyTo1.lines - 1} rows): ${fmt(copyToMs / exportResult.ms)} of COPY TO. ${exportResult.lines - 1} rows, ${exportResult.distinct} distinct ids, ${userCount + FIXTURE_USERS} users while it ran (${userCount} and the import's ${FIXTURE_USERS}): ${exportResult.distinct === exportResult.lines - 1 && (exportResult.distinct === userCount || exportResult.distinct === userCount + FIXTURE_USERS) ? 'exact (every user once)' : 'NOT EXACT'}.${exportResult.error ? ` Error: ${exportResult.error}` : ''}`,
    '',
    errors.length === 0
      ? 'Errors: none.'
      : `Errors (${errors.length}):\n\n${errors.map((e) => `- ${e.phase} ${e.kind}: ${e.error}`).join('\n')}`,
    '',
  ];
  if (args.out) fs.writeFileSync(args.out, lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
