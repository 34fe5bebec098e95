/**
 * Requests per second of the users page through POST /graphql-admin against a bare node:http
 * handler running the same SQL, in the same run. Both servers run as child
 * processes (bench/http-server.ts); the load comes from `wrk` when it is installed
 * (`apt-get install -y wrk`), else from a keep-alive node:http client loop in this process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { graphqlRequestOptions } from './bench-client';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The users page the web app's list screen sends (default page, list columns). */
export const USERS_PAGE_QUERY = `query Users($pagination: PaginationInput) {
  users(pagination: $pagination) {
    list { id userName inviteCode cardStatus totalHECStakedAmount totalETHStakedAmount totalBuyAmountUsd
      savingRewardsRate referralRate registeredAt totalSentAmount totalOwl
      aubeUserInfo { email aubeUserIdHash firstName lastName forceClubIdHash } }
    pagination { limit offset totalRecords }
  }
}`;

/** Requests each server answers before the timed rounds (at most WARM_MAX_SECONDS of them). */
export const WARM_REQUESTS = 3000;
const WARM_MAX_SECONDS = 30;

export type Captured = { sql: string; parameters: readonly unknown[] };
export type ThroughputResult = {
  tool: string;
  connections: number;
  seconds: number;
  appRps: number[];
  bareRps: number[];
  /** Median of the per-round app/bare ratios (rounds alternate, so each pair saw similar load). */
  ratio: number;
  /** Ratio of the mean rates over all rounds. */
  meanRatio: number;
  /** CPU time (user + system) each server process spent per request, per round, in ms. */
  appCpuMs: number[];
  bareCpuMs: number[];
  /**
   * Median of bare CPU per request / app CPU per request: what the rate ratio would be if the
   * server's own CPU were the only limit. Unlike req/s, it hardly moves with other load.
   */
  cpuRatio: number;
  /** CPU time all PostgreSQL processes spent per request, per round, in ms (app, bare). */
  appPgCpuMs: number[];
  barePgCpuMs: number[];
};

/** utime + stime of a /proc/<pid>/stat line, in seconds. */
function statCpuSeconds(stat: string): number {
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    return statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds all PostgreSQL server processes (comm `postgres`) have used so far: the database's
 * share of a request, which competes with the servers for the same cores.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      total += statCpuSeconds(stat);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

export type Server = { port: number; child: ChildProcess };

/**
 * Starts bench/http-server.ts in a child process and resolves with its port. `root` runs the
 * server of another checkout (its own bench/http-server.ts and app); `nodeFlags` are added to
 * BENCH_NODE_FLAGS.
 */
export function startServer(
  mode: 'app' | 'bare',
  env: NodeJS.ProcessEnv,
  options: { root?: string; nodeFlags?: readonly string[] } = {},
): Promise<Server> {
  const dir = options.root ? path.join(options.root, 'bench') : here;
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server, to see where time goes.
      // Extra V8/Node flags for both servers, to try a setting (e.g. --max-semi-space-size=64).
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      ...(options.nodeFlags ?? []),
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      path.join(dir, 'http-server.ts'),
      mode,
    ],
    {
      cwd: path.dirname(dir),
      // As deployed: NODE_ENV=production also turns off graphql-js's development-only checks.
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The port is the first line of its own (a flag such as --trace-gc may print before it).
      const match = /(?:^|\n)(\d+)\n/.exec(out);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

function post(
  port: number,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      graphqlRequestOptions(port, undefined, {
        ...headers,
        'content-length': Buffer.byteLength(body),
      }),
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** wrk with a Lua script that POSTs the body with the headers; returns requests per second. */
export function runWrk(
  port: number,
  body: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): number {
  const script = path.join(os.tmpdir(), `bench-post-${process.pid}.lua`);
  const lua = [
    'wrk.method = "POST"',
    `wrk.body = ${JSON.stringify(body)}`,
    ...Object.entries(headers).map(
      ([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`,
    ),
  ].join('\n');
  fs.writeFileSync(script, lua);
  const result = spawnSync(
    'wrk',
    [
      '-t',
      '1',
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '-s',
      script,
      `http://127.0.0.1:${port}${GRAPHQL_PATH}`,
    ],
    { encoding: 'utf8' },
  );
  fs.rmSync(script, { force: true });
  if (/Non-2xx/.test(result.stdout)) throw new Error(`wrk saw failed responses:\n${result.stdout}`);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout);
  if (!match) throw new Error(`cannot read wrk output:\n${result.stdout}\n${result.stderr}`);
  return Number(match[1]);
}

/** Fallback load: `connections` keep-alive loops for `seconds`; bounded in time and count. */
async function runNodeLoad(
  port: number,
  body: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const loop = async () => {
    while (Date.now() < deadline && done < 1_000_000) {
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          graphqlRequestOptions(port, agent, {
            ...headers,
            'content-length': Buffer.byteLength(body),
          }),
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
              else resolve();
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      done++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  return done / ((Date.now() - started) / 1000);
}

/**
 * Alternates app and bare rounds (after a warm-up of each) so both see the same machine load;
 * ratio = mean app rps / mean bare rps.
 */
export async function measureThroughput(options: {
  databaseUrl: string;
  token: string;
  query: string;
  sql: { auth: Captured; page: Captured; count: Captured };
  connections?: number;
  seconds?: number;
  rounds?: number;
}): Promise<ThroughputResult> {
  const connections = options.connections ?? 16;
  const seconds = options.seconds ?? 4;
  const rounds = options.rounds ?? 5;
  const env = { DATABASE_URL: options.databaseUrl, BENCH_SQL: JSON.stringify(options.sql) };
  const [app, bare] = await Promise.all([startServer('app', env), startServer('bare', env)]);
  try {
    const body = JSON.stringify({ query: options.query, variables: {} });
    const appHeaders = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      [ACCESS_TOKEN_HEADER]: options.token,
    };
    const bareHeaders = {
      'content-type': 'application/json',
      [ACCESS_TOKEN_HEADER]: options.token,
    };
    const check = await post(app.port, body, appHeaders);
    const parsed = JSON.parse(check.text) as {
      data?: { users?: { list: unknown[] } };
      errors?: unknown;
    };
    if (check.status !== 200 || !parsed.data?.users || parsed.data.users.list.length !== 20) {
      throw new Error(
        `the app did not answer the users page: ${check.status} ${check.text.slice(0, 300)}`,
      );
    }
    const bareCheck = await post(bare.port, body, bareHeaders);
    if (bareCheck.status !== 200)
      throw new Error(`bare handler failed: ${bareCheck.text.slice(0, 300)}`);

    const tool = hasWrk() ? 'wrk' : 'node http client';
    const load = (port: number, headers: Record<string, string>, secs: number) =>
      tool === 'wrk'
        ? Promise.resolve(runWrk(port, body, headers, connections, secs))
        : runNodeLoad(port, body, headers, connections, secs);
    // Warm-up by requests, not seconds: the app's code path (graphql-jit's compiled query,
    // Fastify, Kysely) is optimised by V8 only after a few thousand requests, and a 2 s warm-up
    // on a busy machine was a few hundred: its CPU per request then still fell round over round
    // (1.48 -> 0.85 ms in five rounds) while the bare handler's was flat, and the median round
    // measured the JIT, not the request.
    const warm = async (port: number, headers: Record<string, string>) => {
      const started = Date.now();
      let served = 0;
      while (served < WARM_REQUESTS && Date.now() - started < WARM_MAX_SECONDS * 1000)
        served += (await load(port, headers, 2)) * 2;
    };
    await warm(app.port, appHeaders);
    await warm(bare.port, bareHeaders);
    const appRps: number[] = [];
    const bareRps: number[] = [];
    const appCpuMs: number[] = [];
    const bareCpuMs: number[] = [];
    const appPgCpuMs: number[] = [];
    const barePgCpuMs: number[] = [];
    const round = async (
      server: Server,
      headers: Record<string, string>,
      cpu: number[],
      pgCpu: number[],
    ) => {
      const before = cpuSeconds(server.child.pid);
      const pgBefore = postgresCpuSeconds();
      const rps = await load(server.port, headers, seconds);
      cpu.push(((cpuSeconds(server.child.pid) - before) * 1000) / (rps * seconds));
      pgCpu.push(((postgresCpuSeconds() - pgBefore) * 1000) / (rps * seconds));
      return rps;
    };
    for (let i = 0; i < rounds; i++) {
      appRps.push(await round(app, appHeaders, appCpuMs, appPgCpuMs));
      bareRps.push(await round(bare, bareHeaders, bareCpuMs, barePgCpuMs));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratios = appRps.map((a, i) => a / bareRps[i]!).sort((a, b) => a - b);
    const ratio = ratios[Math.floor(ratios.length / 2)]!;
    const cpuRatios = bareCpuMs.map((b, i) => b / appCpuMs[i]!).sort((a, b) => a - b);
    return {
      tool,
      connections,
      seconds,
      appRps,
      bareRps,
      ratio,
      meanRatio: mean(appRps) / mean(bareRps),
      appCpuMs,
      bareCpuMs,
      cpuRatio: cpuRatios[Math.floor(cpuRatios.length / 2)]!,
      appPgCpuMs,
      barePgCpuMs,
    };
  } finally {
    app.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
  }
}
