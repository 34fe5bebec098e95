/**
 * Every filter with every sort (issue 36, part 1): for each list, from its declaration
 * (`*-list.ts`: its filters and sort targets), every single filter at a common and a rare value
 * with every sort target in both directions, page 1 and page 50 of 20 rows, over HTTP against
 * the real app (bench/http-server.ts `app`), one request at a time. Each case is asked once
 * (after one warm-up); a case over the target is asked `--iterations` more times and reported
 * with its p50/p95. A declared filter without a picked value is reported as not covered, so a
 * new filter shows up here rather than going unmeasured.
 *
 *   DATABASE_URL=<1M database> node --import tsx bench/list-matrix.ts [--lists users,payments]
 *     [--iterations 5] [--minutes 25: stop asking new cases then, and say so] [--out …-list-matrix-1M.md]
 *
 * With `--deep`: the first, middle and last page of every list unfiltered, every sort both ways
 * (part 2), each asked `--iterations` times.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PAYMENTS_LIST } from '../apps/api/src/modules/payments/payments-list';
import {
  AGGREGATES_LIST,
  TRACK_RECORDS_LIST,
} from '../apps/api/src/modules/referral/referral-list';
import {
  AFFILIATE_REMITTANCES_LIST,
  SAVING_ADDRESSES_LIST,
  USER_SAVINGS_LIST,
} from '../apps/api/src/modules/savings/savings-list';
import { CONTACTS_LIST } from '../apps/api/src/modules/support/support-list';
import { USERS_LIST } from '../apps/api/src/modules/users/users-list';
import { WITHDRAWALS_LIST } from '../apps/api/src/modules/withdrawals/withdrawals-list';
import {
  AffiliateSavingAggregatesDocument,
  AffiliateSavingRemittancesDocument,
  AffiliateTrackRecordsDocument,
  HecSavingAddressesDocument,
  UserContactsDocument,
  UserPaymentsDocument,
  UsersDocument,
  UserSavingsDocument,
  WithdrawalRequestsDocument,
} from '../apps/web/src/gql/graphql';
import { PAGE, PAGES, postGraphql, tokenFor } from './bench-client';
import { startServer } from './http-throughput';

export const MATRIX_TARGET_MS = 50;

type Value = unknown;
/** A filter's values: common (many matches) and rare (few); one of them for an exact match. */
type Picked = { common?: Value; rare?: Value };
type Vars = Record<string, unknown>;

/** One list: its declaration, the screen's document and where its filters and page go. */
type MatrixList = {
  name: string;
  declaration: { filters: Record<string, unknown>; sortTargets: readonly string[] };
  document: { toString(): string };
  variables: (filters: Vars, pagination: Vars) => Vars;
  /** SQL picking each filter's values in the database (bench/http-lists.ts picks alike). */
  pick: (q: <T>(sql: string) => Promise<T>) => Promise<Record<string, Picked>>;
};

const day = (d: Date | string) => new Date(d).toISOString();
const shift = (d: Date | string, days: number) =>
  new Date(new Date(d).getTime() + days * 86_400_000).toISOString();

/** Common and rare ends of a date range: a wide one, and its last (first) week. */
async function dateValues(
  q: <T>(sql: string) => Promise<T>,
  table: string,
  column: string,
): Promise<{ from: Picked; until: Picked }> {
  const r = await q<{ lo: Date; hi: Date }>(
    `SELECT min(${column}) AS lo, max(${column}) AS hi FROM ${table}`,
  );
  const span = new Date(r.hi).getTime() - new Date(r.lo).getTime();
  return {
    from: { common: day(new Date(new Date(r.lo).getTime() + span * 0.2)), rare: shift(r.hi, -7) },
    until: { common: day(new Date(new Date(r.lo).getTime() + span * 0.8)), rare: shift(r.lo, 7) },
  };
}

/**
 * The most and the least frequent value of `column` in `from` (a table, or a table and a
 * condition): a filter value with many matches and one with few.
 */
function commonAndRare<T>(
  q: <R>(sql: string) => Promise<R>,
  column: string,
  from: string,
): Promise<{ common: T; rare: T }> {
  return q(
    `SELECT (array_agg(${column} ORDER BY n DESC))[1] AS common, (array_agg(${column} ORDER BY n))[1] AS rare
       FROM (SELECT ${column}, count(*) AS n FROM ${from} GROUP BY 1) s`,
  );
}

/** The user with the most rows in `table` (by `end_user_id`): a rare name filter value. */
function busiestUserName(q: <R>(sql: string) => Promise<R>, table: string) {
  return q<{ user_name: string }>(
    `SELECT u.user_name FROM ${table} x JOIN end_users u ON u.id = x.end_user_id
      GROUP BY u.user_name ORDER BY count(*) DESC, u.user_name LIMIT 1`,
  );
}

const LISTS: MatrixList[] = [
  {
    name: 'users',
    declaration: USERS_LIST,
    document: UsersDocument,
    variables: (f, pagination) => ({ ...f, pagination }),
    pick: async (q) => {
      const some = await q<{
        user_name: string;
        email: string;
        invite_code: string;
        force_club_id_hash: string;
      }>(
        `SELECT user_name, email, invite_code, force_club_id_hash FROM end_users
          WHERE force_club_id_hash IS NOT NULL ORDER BY id LIMIT 1 OFFSET 4321`,
      );
      const statuses = await commonAndRare<number>(q, 'card_status', 'end_users');
      const registered = await dateValues(q, 'end_users', 'registered_at');
      return {
        userName: { common: 's', rare: some.user_name.replace(/\d+$/, '').slice(0, 6) },
        inviteCode: { rare: some.invite_code },
        email: { common: 's', rare: some.email.slice(0, 5) },
        forceClubIdHash: { rare: some.force_club_id_hash },
        totalBuyAmountMoreThanOrEqual: { common: '100', rare: '20000' },
        totalBuyAmountLessThanOrEqual: { common: '20000', rare: '10' },
        cardStatus: { common: [statuses.common], rare: [statuses.rare] },
        registeredAtFrom: registered.from,
        registeredAtUntil: registered.until,
      };
    },
  },
  {
    name: 'payments',
    declaration: PAYMENTS_LIST,
    document: UserPaymentsDocument,
    variables: (f, pagination) => ({ input: { ...f, pagination } }),
    pick: async (q) => {
      const busy = await q<{ id: number; user_name: string }>(
        'SELECT id, user_name FROM end_users ORDER BY payment_count DESC, id LIMIT 1',
      );
      const status = await commonAndRare<string>(q, 'status', 'payments');
      const confirmed = await dateValues(q, 'payments', 'confirmed_at');
      const fixed = await dateValues(q, 'payments', 'asset_fixed_at');
      return {
        userId: { rare: busy.id },
        userName: { rare: busy.user_name },
        paymentStatus: status,
        confirmedAtFrom: confirmed.from,
        confirmedAtUntil: confirmed.until,
        assetFixedAtFrom: fixed.from,
        assetFixedAtUntil: fixed.until,
      };
    },
  },
  {
    name: 'withdrawals (the busiest kind)',
    declaration: WITHDRAWALS_LIST,
    document: WithdrawalRequestsDocument,
    variables: (f, pagination) => ({
      kind: busiestKind,
      input: { searchParams: f, pagination },
    }),
    pick: async (q) => {
      busiestKind = (
        await q<{ kind: string }>(
          'SELECT kind FROM withdrawal_requests GROUP BY kind ORDER BY count(*) DESC LIMIT 1',
        )
      ).kind;
      const k = `kind = '${busiestKind}'`;
      const status = await commonAndRare<string>(q, 'status', `withdrawal_requests WHERE ${k}`);
      const busy = await q<{ id: number; user_name: string; email: string }>(
        `SELECT u.id, u.user_name, u.email FROM end_users u WHERE u.id =
           (SELECT end_user_id FROM withdrawal_requests WHERE ${k}
             GROUP BY end_user_id ORDER BY count(*) DESC, end_user_id LIMIT 1)`,
      );
      const one = await q<{ address: string; hash: string | null }>(
        `SELECT receiver_address AS address,
                (SELECT transaction_hash FROM withdrawal_transaction_hashes h LIMIT 1) AS hash
           FROM withdrawal_requests WHERE ${k} ORDER BY id LIMIT 1 OFFSET 1000`,
      );
      const requested = await dateValues(q, `withdrawal_requests WHERE ${k}`, 'requested_at');
      return {
        status,
        userId: { rare: busy.id },
        userName: { rare: busy.user_name },
        email: { rare: busy.email },
        requestedAtFrom: requested.from,
        requestedAtUntil: requested.until,
        address: { rare: one.address },
        ...(one.hash ? { transactionHash: { rare: one.hash } } : {}),
        amountFrom: { common: '1', rare: '100000' },
        amountTo: { common: '100000', rare: '1' },
        awaitingOver24h: { common: true },
      };
    },
  },
  {
    name: 'support',
    declaration: CONTACTS_LIST,
    document: UserContactsDocument,
    variables: (f, pagination) => ({ ...f, pagination }),
    pick: async (q) => {
      const user = await busiestUserName(q, 'user_contacts');
      const status = await commonAndRare<string>(q, 'status', 'user_contacts');
      const contacted = await dateValues(q, 'user_contacts', 'contacted_at');
      return {
        userName: { rare: user.user_name },
        userContactStatus: status,
        datetimeFrom: contacted.from,
        datetimeUntil: contacted.until,
        unassigned: { common: true },
      };
    },
  },
  {
    name: 'coin-saving remittances',
    declaration: USER_SAVINGS_LIST,
    document: UserSavingsDocument,
    variables: (f, pagination) => ({ ...f, pagination }),
    pick: async (q) => {
      const user = await busiestUserName(q, 'saving_remittances');
      const plans = await commonAndRare<string>(
        q,
        'name',
        'saving_remittances r JOIN saving_plans p ON p.id = r.saving_plan_id',
      );
      return { userName: { rare: user.user_name }, planName: plans };
    },
  },
  ...(
    [
      ['referral-plan remittances', AFFILIATE_REMITTANCES_LIST, AffiliateSavingRemittancesDocument],
      ['deposit addresses', SAVING_ADDRESSES_LIST, HecSavingAddressesDocument],
      ['track records', TRACK_RECORDS_LIST, AffiliateTrackRecordsDocument],
      ['referral-plan aggregates', AGGREGATES_LIST, AffiliateSavingAggregatesDocument],
    ] as const
  ).map(([name, declaration, document]): MatrixList => ({
    name,
    declaration,
    document,
    variables: (f, pagination) => ({ input: { searchParams: f, pagination } }),
    pick: async (q) => {
      const user = await q<{ user_name: string; email: string; force_club_id_hash: string }>(
        `SELECT user_name, email, force_club_id_hash FROM end_users
            WHERE affiliate_remittance_count > 0 AND force_club_id_hash IS NOT NULL
            ORDER BY affiliate_remittance_count DESC, id LIMIT 1`,
      );
      return {
        userName: { rare: user.user_name },
        email: { rare: user.email },
        forceClubId: { rare: user.force_club_id_hash },
      };
    },
  })),
];
let busiestKind = 'payment_paid_value';

type Case = {
  list: string;
  filter: string;
  value: string;
  sort: string;
  page: string;
  body: string;
};
type Timed = Case & {
  first: number;
  p50?: number;
  p95?: number;
  rows: number;
  total: string;
  error?: string;
};

function shape(text: string): { rows: number; total: string; error?: string } {
  const json = JSON.parse(text) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (json.errors || !json.data) return { rows: 0, total: '', error: text.slice(0, 200) };
  const root = Object.values(json.data)[0] as Record<string, unknown>;
  const list = root.list as unknown[] | undefined;
  const pagination = root.pagination as { totalRecords?: number } | undefined;
  return { rows: list?.length ?? 0, total: String(pagination?.totalRecords ?? '') };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Every case of the lists asked for, and the declared filters nobody picked a value for. */
export async function matrixCases(
  url: string,
  names: string[] | undefined,
): Promise<{ cases: Case[]; uncovered: string[] }> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-matrix' });
  await client.connect();
  const q = async <T>(text: string) => (await client.query(text)).rows[0] as T;
  const cases: Case[] = [];
  const uncovered: string[] = [];
  try {
    for (const list of LISTS.filter((l) => !names || names.some((n) => l.name.startsWith(n)))) {
      const picked = await list.pick(q);
      const filters: Array<[string, string, Vars]> = [['(none)', '', {}]];
      for (const filter of Object.keys(list.declaration.filters)) {
        const values = picked[filter];
        if (!values || (values.common === undefined && values.rare === undefined)) {
          uncovered.push(`${list.name}: ${filter}`);
          continue;
        }
        for (const which of ['common', 'rare'] as const)
          if (values[which] !== undefined)
            filters.push([
              filter,
              `${which} ${JSON.stringify(values[which])}`,
              { [filter]: values[which] },
            ]);
      }
      for (const [filter, value, vars] of filters)
        for (const target of list.declaration.sortTargets)
          for (const orderBy of ['ASC', 'DESC'])
            for (const page of PAGES)
              cases.push({
                list: list.name,
                filter,
                value,
                sort: `${target} ${orderBy.toLowerCase()}`,
                page: page.label,
                body: JSON.stringify({
                  query: list.document.toString(),
                  variables: list.variables(vars, {
                    limit: PAGE,
                    offset: page.offset,
                    sort: { target, orderBy },
                  }),
                }),
              });
    }
  } finally {
    await client.end();
  }
  return { cases, uncovered };
}

/**
 * The real app on the benchmark database (bench/http-server.ts `app`), a signed-in admin's
 * token and one keep-alive connection: `ask` sends a request body and times it. Stopped after
 * `run`, whatever it throws.
 */
async function withApp<T>(
  url: string,
  run: (ask: (body: string) => Promise<{ ms: number; text: string }>) => Promise<T>,
): Promise<T> {
  const token = await tokenFor(url);
  const server = await startServer('app', { DATABASE_URL: url });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await run((body) => postGraphql(server.port, agent, token, body));
  } finally {
    agent.destroy();
    server.child.kill('SIGTERM');
  }
}

/** Asks every case once, then the ones over the target `iterations` more times. */
export async function benchMatrix(options: {
  url: string;
  lists?: string[];
  iterations: number;
  /** Stop asking new cases at this time (epoch ms); the report says how many were asked. */
  until?: number;
  onProgress?: (done: number, of: number) => void;
}): Promise<{ results: Timed[]; uncovered: string[]; of: number }> {
  const { cases, uncovered } = await matrixCases(options.url, options.lists);
  const results = await withApp(options.url, async (ask) => {
    const timedCases: Timed[] = [];
    for (const [i, c] of cases.entries()) {
      if (options.until !== undefined && Date.now() > options.until) break;
      options.onProgress?.(i + 1, cases.length);
      await ask(c.body);
      const { ms, text } = await ask(c.body);
      const timed: Timed = { ...c, first: ms, ...shape(text) };
      if (ms >= MATRIX_TARGET_MS && !timed.error) {
        const times = [ms];
        for (let n = 0; n < options.iterations; n++) times.push((await ask(c.body)).ms);
        times.sort((a, b) => a - b);
        timed.p50 = percentile(times, 50);
        timed.p95 = percentile(times, 95);
        if (timed.p95 >= MATRIX_TARGET_MS)
          process.stderr.write(
            `\nover: ${c.list} | ${c.filter} ${c.value} | ${c.sort} ${c.page} | first ${ms.toFixed(0)} p50 ${timed.p50.toFixed(0)} p95 ${timed.p95.toFixed(0)}\n`,
          );
      }
      timedCases.push(timed);
    }
    return timedCases;
  });
  return { results, uncovered, of: cases.length };
}

type DeepTimed = {
  list: string;
  sort: string;
  page: 'first' | 'middle' | 'last';
  offset: number;
  p50: number;
  p95: number;
  rows: number;
  total: string;
  error?: string;
};

/**
 * The last page is as fast as the first (issue 36, part 2): every list without a filter, every
 * sort target both ways, its first, middle and last page of 20 rows, each asked `iterations`
 * times after a warm-up. The middle and last offsets come from the first page's total.
 */
export async function benchDeepPages(options: {
  url: string;
  lists?: string[];
  iterations: number;
  onProgress?: (done: number, of: number) => void;
}): Promise<DeepTimed[]> {
  const { cases } = await matrixCases(options.url, options.lists);
  const firsts = cases.filter((c) => c.filter === '(none)' && c.page === 'p1');
  const results = await withApp(options.url, async (ask) => {
    const timedPages: DeepTimed[] = [];
    for (const [i, c] of firsts.entries()) {
      options.onProgress?.(i + 1, firsts.length);
      const total = Number(shape((await ask(c.body)).text).total || 0);
      const pages = [
        { page: 'first' as const, offset: 0 },
        { page: 'middle' as const, offset: Math.floor(total / 2 / PAGE) * PAGE },
        { page: 'last' as const, offset: Math.max(0, Math.ceil(total / PAGE) * PAGE - PAGE) },
      ];
      for (const { page, offset } of pages) {
        const body = c.body.replace('"offset":0', `"offset":${offset}`);
        await ask(body);
        const times: number[] = [];
        let last = { rows: 0, total: '' } as ReturnType<typeof shape>;
        for (let n = 0; n < options.iterations; n++) {
          const { ms, text } = await ask(body);
          times.push(ms);
          last = shape(text);
        }
        times.sort((a, b) => a - b);
        timedPages.push({
          list: c.list,
          sort: c.sort,
          page,
          offset,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          ...last,
        });
      }
    }
    return timedPages;
  });
  return results;
}

/** Markdown: per list and sort, first / middle / last p95, and the cases over the target. */
export function deepPageLines(results: DeepTimed[]): string[] {
  const fmt = (n: number) => n.toFixed(1);
  const rows = new Map<string, Partial<Record<DeepTimed['page'], DeepTimed>>>();
  for (const r of results) {
    const key = `${r.list} | ${r.sort}`;
    rows.set(key, { ...rows.get(key), [r.page]: r });
  }
  const over = results.filter((r) => r.page !== 'middle' && r.p95 >= MATRIX_TARGET_MS);
  const errors = results.filter((r) => r.error);
  return [
    '## First, middle and last page (bench/list-matrix.ts --deep)',
    '',
    `Every list unfiltered, every sort target both ways, 20 rows at offset 0, the middle and the last page, each asked ${'`--iterations`'} times after a warm-up, over HTTP, one request at a time. Target: first and last page p95 under ${MATRIX_TARGET_MS} ms; the middle page reported with its growth. ms throughout.`,
    '',
    `Cases: ${results.length}; first or last page over target: **${over.length}**; errors: ${errors.length}.`,
    '',
    '| list | sort | rows in list | first p50 / p95 | middle p50 / p95 | last p50 / p95 | last rows |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...[...rows.entries()].map(([key, r]) => {
      const cell = (t?: DeepTimed) => (t ? `${fmt(t.p50)} / ${fmt(t.p95)}` : '');
      return `| ${key} | ${r.first?.total ?? ''} | ${cell(r.first)} | ${cell(r.middle)} | ${cell(r.last)} | ${r.last?.rows ?? ''} |`;
    }),
    '',
    ...(errors.length > 0
      ? ['Errors:', '', ...errors.map((r) => `- ${r.list} ${r.sort} ${r.page}: ${r.error}`), '']
      : []),
  ];
}

/** Markdown: the summary per list, and every case over the target (and every error). */
export function matrixLines(results: Timed[], uncovered: string[]): string[] {
  const fmt = (n: number | undefined) => (n === undefined ? '' : n.toFixed(1));
  const over = results.filter((r) => r.p95 !== undefined && r.p95 >= MATRIX_TARGET_MS);
  const errors = results.filter((r) => r.error);
  const lists = [...new Set(results.map((r) => r.list))];
  const firsts = results.map((r) => r.first).sort((a, b) => a - b);
  return [
    `## Every filter with every sort (bench/list-matrix.ts)`,
    '',
    `From each list's declaration: no filter and every single filter at a common and a rare value (one value for an exact match), with every sort target both ways, page 1 and page 50 of 20 rows, over HTTP to the real app, one request at a time. Each case asked once after a warm-up; a case at or over ${MATRIX_TARGET_MS} ms asked again and reported with p50/p95 of all its requests. ms throughout.`,
    '',
    '| list | cases | over target | errors |',
    '|---|---:|---:|---:|',
    ...lists.map(
      (l) =>
        `| ${l} | ${results.filter((r) => r.list === l).length} | ${over.filter((r) => r.list === l).length} | ${errors.filter((r) => r.list === l).length} |`,
    ),
    '',
    `All cases: ${results.length}; first requests p50 ${fmt(percentile(firsts, 50))}, p95 ${fmt(percentile(firsts, 95))}, max ${fmt(firsts.at(-1))}. Over target (p95): **${over.length}**. Errors: ${errors.length}.`,
    '',
    ...(over.length > 0
      ? [
          '| list | filter | value | sort | page | first | p50 | p95 | rows | totalRecords |',
          '|---|---|---|---|---|---:|---:|---:|---:|---:|',
          ...over
            .sort((a, b) => (b.p95 ?? 0) - (a.p95 ?? 0))
            .map(
              (r) =>
                `| ${r.list} | ${r.filter} | ${r.value} | ${r.sort} | ${r.page} | ${fmt(r.first)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.rows} | ${r.total} |`,
            ),
          '',
        ]
      : []),
    ...(errors.length > 0
      ? [
          'Errors:',
          '',
          ...errors.map(
            (r) => `- ${r.list} ${r.filter} ${r.value} ${r.sort} ${r.page}: ${r.error}`,
          ),
          '',
        ]
      : []),
    uncovered.length > 0
      ? `Declared filters without a picked value (not measured): ${uncovered.join(', ')}.`
      : 'Every declared filter of these lists was measured.',
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      lists: { type: 'string' },
      iterations: { type: 'string', default: '5' },
      minutes: { type: 'string' },
      out: { type: 'string' },
      label: { type: 'string', default: '' },
      deep: { type: 'boolean', default: false },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL must name the benchmark database.');
    process.exit(64);
  }
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  const startLoad = load();
  const started = new Date();
  if (args.deep) {
    const deep = await benchDeepPages({
      url,
      lists: args.lists?.split(','),
      iterations: Number(args.iterations),
      onProgress: (done, of) => process.stderr.write(`\r${done}/${of} load ${load()}   `),
    });
    const lines = [
      `# Deep pages ${args.label}`,
      '',
      `${started.toISOString()} → ${new Date().toISOString()}; load average (1/5/15 min) at the start ${startLoad}, at the end ${load()} on ${os.cpus().length} cores.`,
      '',
      ...deepPageLines(deep),
    ];
    if (args.out) fs.writeFileSync(args.out, lines.join('\n'));
    console.log(lines.join('\n'));
  } else {
    const { results, uncovered, of } = await benchMatrix({
      url,
      lists: args.lists?.split(','),
      iterations: Number(args.iterations),
      until: args.minutes ? started.getTime() + Number(args.minutes) * 60_000 : undefined,
      onProgress: (done, of) => {
        if (done % 50 === 0 || done === of)
          process.stderr.write(`\r${done}/${of} load ${load()}   `);
      },
    });
    const lines = [
      `# List matrix ${args.label}`,
      '',
      `${started.toISOString()} → ${new Date().toISOString()}; load average (1/5/15 min) at the start ${startLoad}, at the end ${load()} on ${os.cpus().length} cores.`,
      '',
      ...(results.length < of
        ? [
            `**Cut by \`--minutes ${args.minutes}\` after ${results.length} of ${of} cases**; the rest were not asked.`,
            '',
          ]
        : []),
      ...matrixLines(results, uncovered),
    ];
    if (args.out) fs.writeFileSync(args.out, lines.join('\n'));
    console.log(lines.join('\n'));
  }
}
