/**
 * Side by side: the app's CPU per users page under two or more variants, each its own server
 * process, loaded in alternating rounds by wrk (so every variant sees the same machine load).
 * A variant is a checkout (`root`, e.g. a `git worktree` of the code before a change) and/or
 * Node flags. The server's own CPU per request (from /proc) moves far less with other load than
 * requests per second, so small changes show here before they show in `npm run bench`.
 *
 *   DATABASE_URL=postgres://…/bench_1m node --import tsx bench/app-ab.ts \
 *     --variant 'now' --variant 'semi64:--max-semi-space-size=64' --variant 'before@/work/wt/old'
 *
 * A variant is `name[:flag flag…][@root]`. --rounds (6) and --seconds (4) per round.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ACCESS_TOKEN_HEADER } from '@app/shared';
import { openDatabase } from '../apps/api/src/db/database';
import { seedDemoAdmins } from '../apps/api/src/seed/demo-admins';
import { issueToken } from '../apps/api/test/admin-fixtures';
import {
  cpuSeconds,
  postgresCpuSeconds,
  runWrk,
  startServer,
  USERS_PAGE_QUERY,
  type Server,
} from './http-throughput';

type Variant = { name: string; flags: string[]; root?: string };

function parseVariant(text: string): Variant {
  const [spec, root] = text.split('@') as [string, string | undefined];
  const [name, flags] = spec.split(':') as [string, string | undefined];
  return { name, flags: flags ? flags.split(' ').filter(Boolean) : [], root };
}

const { values: args } = parseArgs({
  options: {
    variant: { type: 'string', multiple: true, default: ['now'] },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '4' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the benchmark database');
const variants = args.variant.map(parseVariant);
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);

const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
await seedDemoAdmins(database.db);
// Any demo admin can read the users page.
const token = await issueToken(database, 'reader@example.com');
await database.close();

const servers: Server[] = [];
try {
  for (const v of variants)
    servers.push(
      await startServer('app', { DATABASE_URL: url }, { root: v.root, nodeFlags: v.flags }),
    );
  const body = JSON.stringify({ query: USERS_PAGE_QUERY, variables: {} });
  const headers = { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: token };
  for (const s of servers) runWrk(s.port, body, headers, 16, 2);
  const results = variants.map(() => ({
    rps: [] as number[],
    cpu: [] as number[],
    pg: [] as number[],
  }));
  for (let r = 0; r < rounds; r++) {
    servers.forEach((s, i) => {
      const cpu = cpuSeconds(s.child.pid);
      const pgCpu = postgresCpuSeconds();
      const rps = runWrk(s.port, body, headers, 16, seconds);
      const requests = rps * seconds;
      results[i]!.rps.push(rps);
      results[i]!.cpu.push(((cpuSeconds(s.child.pid) - cpu) * 1000) / requests);
      results[i]!.pg.push(((postgresCpuSeconds() - pgCpu) * 1000) / requests);
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const lines = [
    `| variant | req/s (median) | app CPU ms/req (median) | PostgreSQL CPU ms/req (median) | app CPU per round |`,
    '|---|---:|---:|---:|---|',
    ...variants.map((v, i) => {
      const r = results[i]!;
      return `| ${v.name} | ${median(r.rps).toFixed(0)} | ${median(r.cpu).toFixed(3)} | ${median(r.pg).toFixed(3)} | ${r.cpu.map((c) => c.toFixed(2)).join(' ')} |`;
    }),
    '',
    `${rounds} rounds of ${seconds} s per variant, alternating; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
