/**
 * Every list of every screen, and the dashboard, over HTTP (issue 27): the web app's own GraphQL
 * documents (apps/web/src/gql) POSTed to the real app (bench/http-server.ts `app`, its own
 * process, pool of 10), one request after another on a keep-alive connection, page 1 and page
 * 50 of 20 rows. With a baseline database (e.g. 1M users beside 5M), a second app serves it and
 * the requests alternate between the two, so both sizes see the same machine load and the growth
 * column compares like with like.
 *
 * The search values (a user name prefix, an email, the busiest withdrawer of each kind, …) are
 * picked in each database by the same SQL, so both sizes answer the same kind of question.
 */
import http from 'node:http';
import pg from 'pg';
import { WITHDRAWAL_KINDS } from '@app/shared';
import { hashAccessToken } from '../apps/api/src/modules/auth/access-token';
import { USERS_SORT_TARGETS } from '../apps/api/src/modules/users/users-repository';
import {
  AffiliateSavingAggregatesDocument,
  AffiliateSavingRemittancesDocument,
  AffiliateTrackRecordsDocument,
  AssetStatsDocument,
  AuditLogsDocument,
  DashboardStatisticsDocument,
  HecSavingAddressesDocument,
  ReferralTreeDocument,
  UserContactsDocument,
  UserNamesDocument,
  UserPaymentsDocument,
  UsersDocument,
  UserSavingsDocument,
  UserWithdrawalHistoryDocument,
  WithdrawalRequestsDocument,
} from '../apps/web/src/gql/graphql';
import { PAGE, PAGES, postGraphql, tokenFor, withdrawersByKind } from './bench-client';
import { startServer, type Server } from './http-throughput';

export const HTTP_LIST_TARGET_MS = 50;

type Variables = Record<string, unknown>;
export type HttpCase = {
  group: string;
  name: string;
  query: string;
  variables: Variables;
};
export type HttpTiming = { p50: number; p95: number; rows: number; total: string };
export type HttpListResult = {
  group: string;
  name: string;
  main: HttpTiming;
  baseline?: HttpTiming;
};

type Picks = {
  someUser: { user_name: string; email: string; invite_code: string; force_club_id_hash: string };
  busy: { id: number; user_name: string };
  withdrawer: number;
  withdrawerOf: Map<string, string>;
  contactUser: string;
  savingPlanName: string;
  widest: { id: number; children_count: number };
  adminId: number;
  auditOperation: string | undefined;
};

/** The search values, picked the same way in every database (bench/run.ts's picks). */
async function pick(client: pg.Client): Promise<Picks> {
  const one = async <T>(q: string): Promise<T> => (await client.query(q)).rows[0] as T;
  const withdrawerOf = await withdrawersByKind(client);
  return {
    someUser: await one(
      // The 4322nd such user (bench/run.ts's pick), or the middle one of a small database.
      `SELECT user_name, email, invite_code, force_club_id_hash FROM end_users
        WHERE force_club_id_hash IS NOT NULL ORDER BY id LIMIT 1
       OFFSET least(4321, (SELECT n FROM row_counts WHERE relation = 'end_users' AND bucket = 'all') / 4)`,
    ),
    busy: await one(
      'SELECT u.id, u.user_name FROM end_users u WHERE u.payment_count > 5 AND u.total_sent_amount > 0 AND u.affiliate_remittance_count > 0 ORDER BY u.id LIMIT 1',
    ),
    withdrawer: (
      await one<{ id: number }>(
        'SELECT end_user_id AS id FROM withdrawal_requests GROUP BY end_user_id ORDER BY count(*) DESC, end_user_id LIMIT 1',
      )
    ).id,
    withdrawerOf,
    contactUser: (
      await one<{ user_name: string }>(
        'SELECT u.user_name FROM user_contacts c JOIN end_users u ON u.id = c.end_user_id ORDER BY c.id LIMIT 1',
      )
    ).user_name,
    savingPlanName: (
      await one<{ name: string }>('SELECT name FROM saving_plans WHERE term_years = 2')
    ).name,
    widest: await one(
      'SELECT id, children_count FROM end_users ORDER BY children_count DESC, id LIMIT 1',
    ),
    adminId: (await one<{ id: number }>('SELECT id FROM admin_users ORDER BY id LIMIT 1')).id,
    auditOperation: (
      await one<{ operation: string } | undefined>(
        'SELECT operation FROM audit_log GROUP BY operation ORDER BY count(*) DESC, operation LIMIT 1',
      )
    )?.operation,
  };
}

/** Every list case of every screen, both pages, and the dashboard's periods. */
export function httpCases(p: Picks): HttpCase[] {
  const cases: HttpCase[] = [];
  const pagination = (offset: number, target?: string, orderBy?: 'asc' | 'desc') => ({
    limit: PAGE,
    offset,
    ...(target ? { sort: { target, orderBy: orderBy === 'asc' ? 'ASC' : 'DESC' } } : {}),
  });
  const list = (
    group: string,
    name: string,
    query: { toString(): string },
    variables: (offset: number) => Variables,
  ) => {
    for (const page of PAGES)
      cases.push({
        group,
        name: `${name} [${page.label}]`,
        query: query.toString(),
        variables: variables(page.offset),
      });
  };

  // Users: every sort both ways, every filter.
  for (const target of USERS_SORT_TARGETS)
    for (const orderBy of ['desc', 'asc'] as const)
      list('users', `sort ${target} ${orderBy}`, UsersDocument, (o) => ({
        pagination: pagination(o, target, orderBy),
      }));
  const prefix = p.someUser.user_name.replace(/\d+$/, '').slice(0, 6);
  list('users', 'userName prefix (6 letters)', UsersDocument, (o) => ({
    userName: prefix,
    pagination: pagination(o),
  }));
  list('users', "userName prefix 's', sort userName asc", UsersDocument, (o) => ({
    userName: 's',
    pagination: pagination(o, 'userName', 'asc'),
  }));
  list('users', 'email prefix (5 letters)', UsersDocument, (o) => ({
    email: p.someUser.email.slice(0, 5),
    pagination: pagination(o),
  }));
  list('users', 'inviteCode', UsersDocument, (o) => ({
    inviteCode: p.someUser.invite_code,
    pagination: pagination(o),
  }));
  list('users', 'forceClubIdHash', UsersDocument, (o) => ({
    forceClubIdHash: p.someUser.force_club_id_hash,
    pagination: pagination(o),
  }));
  list('users', 'totalBuy 1000..5000, sort totalBuy desc', UsersDocument, (o) => ({
    totalBuyAmountMoreThanOrEqual: '1000',
    totalBuyAmountLessThanOrEqual: '5000',
    pagination: pagination(o, 'totalBuyAmountUsd', 'desc'),
  }));
  list('users', 'totalBuy >= 20000', UsersDocument, (o) => ({
    totalBuyAmountMoreThanOrEqual: '20000',
    pagination: pagination(o),
  }));
  list('users', 'cardStatus [4,5]', UsersDocument, (o) => ({
    cardStatus: [4, 5],
    pagination: pagination(o),
  }));
  list('users', 'cardStatus [6], sort registeredAt desc', UsersDocument, (o) => ({
    cardStatus: [6],
    pagination: pagination(o, 'registeredAt', 'desc'),
  }));
  list('users', 'registeredAt in one month', UsersDocument, (o) => ({
    registeredAtFrom: '2026-03-01T00:00:00.000Z',
    registeredAtUntil: '2026-03-31T23:59:59.999Z',
    pagination: pagination(o),
  }));
  list('users', 'registeredAt in one month, sort id asc', UsersDocument, (o) => ({
    registeredAtFrom: '2026-03-01T00:00:00.000Z',
    registeredAtUntil: '2026-03-31T23:59:59.999Z',
    pagination: pagination(o, 'id', 'asc'),
  }));
  list('users', 'registeredAt in one year', UsersDocument, (o) => ({
    registeredAtFrom: '2025-10-01T00:00:00.000Z',
    registeredAtUntil: '2026-09-30T23:59:59.999Z',
    pagination: pagination(o),
  }));
  list('users', 'cardStatus [4,5], sort registeredAt desc', UsersDocument, (o) => ({
    cardStatus: [4, 5],
    pagination: pagination(o, 'registeredAt', 'desc'),
  }));
  list('users', 'userNames picker, prefix (6 letters)', UserNamesDocument, (o) => ({
    userName: prefix,
    pagination: pagination(o),
  }));
  list('users', "userNames picker, prefix 's'", UserNamesDocument, (o) => ({
    userName: 's',
    pagination: pagination(o),
  }));

  // Payments (the transactions screen).
  const payments = (name: string, input: (offset: number) => Variables) =>
    list('payments', name, UserPaymentsDocument, (o) => ({ input: input(o) }));
  payments('no filter', (o) => ({ pagination: pagination(o) }));
  for (const status of ['pending', 'confirmed', 'asset_fixed', 'canceled'])
    payments(`status ${status}`, (o) => ({ paymentStatus: status, pagination: pagination(o) }));
  payments('sort confirmedAt desc', (o) => ({ pagination: pagination(o, 'confirmedAt', 'desc') }));
  payments('sort assetFixedAt asc', (o) => ({ pagination: pagination(o, 'assetFixedAt', 'asc') }));
  payments('confirmedAt in one month, sort confirmedAt desc', (o) => ({
    confirmedAtFrom: '2026-03-01T00:00:00.000Z',
    confirmedAtUntil: '2026-03-31T23:59:59.999Z',
    pagination: pagination(o, 'confirmedAt', 'desc'),
  }));
  payments('assetFixedAt in one month', (o) => ({
    assetFixedAtFrom: '2026-03-01T00:00:00.000Z',
    assetFixedAtUntil: '2026-03-31T23:59:59.999Z',
    pagination: pagination(o),
  }));
  payments('userName of a busy user', (o) => ({
    userName: p.busy.user_name,
    pagination: pagination(o),
  }));

  // Remittances (coin saving and referral plan screens).
  list('remittances', 'userSavings', UserSavingsDocument, (o) => ({
    pagination: pagination(o, 'confirmedAt', 'desc'),
  }));
  list('remittances', 'userSavings, planName', UserSavingsDocument, (o) => ({
    planName: p.savingPlanName,
    pagination: pagination(o, 'confirmedAt', 'desc'),
  }));
  list('remittances', 'hecSavingAddresses', HecSavingAddressesDocument, (o) => ({
    input: { pagination: pagination(o) },
  }));
  list('remittances', 'affiliateSavingRemittances', AffiliateSavingRemittancesDocument, (o) => ({
    input: { pagination: pagination(o) },
  }));

  // Aggregates and track records (referral plan screens).
  list('aggregates', 'affiliateSavingAggregates', AffiliateSavingAggregatesDocument, (o) => ({
    input: { pagination: pagination(o) },
  }));
  list(
    'aggregates',
    'affiliateSavingAggregates, sort totalSentHec asc',
    AffiliateSavingAggregatesDocument,
    (o) => ({ input: { pagination: pagination(o, 'totalSentHec', 'asc') } }),
  );
  list('aggregates', 'affiliateTrackRecords', AffiliateTrackRecordsDocument, (o) => ({
    input: { pagination: pagination(o) },
  }));
  list(
    'aggregates',
    'affiliateTrackRecords, sort numberOfChildren desc',
    AffiliateTrackRecordsDocument,
    (o) => ({ input: { pagination: pagination(o, 'numberOfChildren', 'desc') } }),
  );

  // Support.
  list('support', 'no filter', UserContactsDocument, (o) => ({ pagination: pagination(o) }));
  list('support', 'status wip', UserContactsDocument, (o) => ({
    userContactStatus: 'wip',
    pagination: pagination(o),
  }));
  list('support', 'unassigned', UserContactsDocument, (o) => ({
    unassigned: true,
    pagination: pagination(o),
  }));
  list('support', 'date range (one quarter)', UserContactsDocument, (o) => ({
    datetimeFrom: '2026-01-01T00:00:00.000Z',
    datetimeUntil: '2026-03-31T23:59:59.999Z',
    pagination: pagination(o),
  }));
  list('support', 'date range (one year)', UserContactsDocument, (o) => ({
    datetimeFrom: '2025-10-01T00:00:00.000Z',
    datetimeUntil: '2026-09-30T23:59:59.999Z',
    pagination: pagination(o),
  }));
  list('support', 'userName', UserContactsDocument, (o) => ({
    userName: p.contactUser,
    pagination: pagination(o),
  }));

  // Audit log (the generator writes none: it holds what the bench and the admins did).
  list('audit log', 'no filter', AuditLogsDocument, (o) => ({ pagination: pagination(o) }));
  list('audit log', 'one admin', AuditLogsDocument, (o) => ({
    adminUserId: p.adminId,
    pagination: pagination(o),
  }));
  if (p.auditOperation)
    list('audit log', 'most frequent operation', AuditLogsDocument, (o) => ({
      operation: p.auditOperation,
      pagination: pagination(o),
    }));

  // Withdrawals: the eight kinds' screens (one call, with the status tabs' counts).
  for (const kind of WITHDRAWAL_KINDS) {
    const withdrawals = (name: string, input: (offset: number) => Variables) =>
      list('withdrawals', `${kind}: ${name}`, WithdrawalRequestsDocument, (o) => ({
        kind,
        input: input(o),
      }));
    withdrawals('default', (o) => ({ pagination: pagination(o, 'requestedAt', 'desc') }));
    withdrawals('age sort', (o) => ({ pagination: pagination(o, 'requestedAt', 'asc') }));
    withdrawals('status requested', (o) => ({
      searchParams: { status: 'requested' },
      pagination: pagination(o, 'requestedAt', 'desc'),
    }));
    const name = p.withdrawerOf.get(kind);
    if (name)
      withdrawals('userName of its busiest user', (o) => ({
        searchParams: { userName: name },
        pagination: pagination(o, 'requestedAt', 'desc'),
      }));
  }
  list(
    'withdrawals',
    'payment_paid_value: requestedAt range (half a year)',
    WithdrawalRequestsDocument,
    (o) => ({
      kind: 'payment_paid_value',
      input: {
        searchParams: {
          requestedAtFrom: '2026-01-01T00:00:00.000Z',
          requestedAtUntil: '2026-06-30T23:59:59.999Z',
        },
        pagination: pagination(o, 'requestedAt', 'desc'),
      },
    }),
  );

  // The user detail page's two long lists, and the referral tree's widest level.
  list(
    'user detail',
    'userWithdrawalHistory of the busiest withdrawer',
    UserWithdrawalHistoryDocument,
    (o) => ({
      userId: p.withdrawer,
      pagination: pagination(o),
    }),
  );
  list('user detail', 'userPayments of a busy user', UserPaymentsDocument, (o) => ({
    input: { userId: p.busy.id, pagination: pagination(o) },
  }));
  list('referral', 'referralTree of the widest user, 100 children', ReferralTreeDocument, (o) => ({
    userId: p.widest.id,
    childrenLimit: 100,
    childrenOffset: o * 5,
  }));

  // The dashboard: its one call (seven widgets) for a day, 30 days and a year, and the asset
  // statistics. The population ends 2026-11-01, so the periods end on its last day.
  const dashboard = (name: string, variables: Variables) =>
    cases.push({
      group: 'dashboard',
      name,
      query: DashboardStatisticsDocument.toString(),
      variables,
    });
  dashboard('dashboardStatistics, one day', {
    period: 'CUSTOM',
    dateFrom: '2026-10-31',
    dateUntil: '2026-10-31',
  });
  dashboard('dashboardStatistics, 30 days', {
    period: 'CUSTOM',
    dateFrom: '2026-10-02',
    dateUntil: '2026-10-31',
  });
  dashboard('dashboardStatistics, a year (366 days)', {
    period: 'CUSTOM',
    dateFrom: '2025-11-01',
    dateUntil: '2026-11-01',
  });
  dashboard('dashboardStatistics TODAY (the real today: no data after 2026-11-01)', {
    period: 'TODAY',
  });
  cases.push({
    group: 'dashboard',
    name: 'assetStats, a year (366 days)',
    query: AssetStatsDocument.toString(),
    variables: { dateFrom: '2025-11-01', dateUntil: '2026-11-01' },
  });
  return cases;
}

type Target = {
  label: string;
  url: string;
  server: Server;
  token: string;
  agent: http.Agent;
  cases: Map<string, HttpCase>;
};

/** A case's request; anything but 200 fails the run (a list that errs has no timing). */
async function post(t: Target, body: string): Promise<{ ms: number; text: string }> {
  const { ms, status, text } = await postGraphql(t.server.port, t.agent, t.token, body);
  if (status !== 200) throw new Error(`${status}: ${text.slice(0, 300)}`);
  return { ms, text };
}

/** Rows of the answer's list (or children) and its totalRecords, to show what was measured. */
function shape(text: string): { rows: number; total: string } {
  const json = JSON.parse(text) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (json.errors || !json.data) throw new Error(`GraphQL errors: ${text.slice(0, 400)}`);
  const root = Object.values(json.data)[0] as Record<string, unknown>;
  const list = (root.list ?? root.children ?? root.stats) as unknown[] | undefined;
  const pagination = root.pagination as { totalRecords?: number } | undefined;
  return {
    rows: Array.isArray(list) ? list.length : 0,
    total: pagination?.totalRecords === undefined ? '' : String(pagination.totalRecords),
  };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

async function openTarget(label: string, url: string): Promise<Target> {
  // The token first: a freshly generated database gets its demo admins there.
  const token = await tokenFor(url);
  const client = new pg.Client({ connectionString: url, application_name: 'bench-http-lists' });
  await client.connect();
  const picks = await pick(client).finally(() => client.end());
  const cases = new Map(httpCases(picks).map((c) => [`${c.group}: ${c.name}`, c]));
  const server = await startServer('app', { DATABASE_URL: url });
  return {
    label,
    url,
    server,
    token,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    cases,
  };
}

/**
 * Measures every case on `url` (and, alternately, on `baselineUrl`): 3 warm-ups each, then
 * `iterations` requests each, one after another.
 */
export async function benchHttpLists(options: {
  url: string;
  baselineUrl?: string;
  iterations: number;
  match?: string;
  onCase?: (done: number, of: number, name: string) => void;
}): Promise<HttpListResult[]> {
  const main = await openTarget('main', options.url);
  const baseline = options.baselineUrl
    ? await openTarget('baseline', options.baselineUrl)
    : undefined;
  const targets = baseline ? [main, baseline] : [main];
  const match = (options.match ?? '').toLowerCase();
  const keys = [...main.cases.keys()].filter((k) => k.toLowerCase().includes(match));
  const results: HttpListResult[] = [];
  try {
    for (const [i, key] of keys.entries()) {
      options.onCase?.(i + 1, keys.length, key);
      const bodies = targets.map((t) => {
        const c = t.cases.get(key);
        return c ? JSON.stringify({ query: c.query, variables: c.variables }) : undefined;
      });
      const times: number[][] = targets.map(() => []);
      const shapes = await Promise.all(
        targets.map(async (t, j) =>
          bodies[j] ? shape((await post(t, bodies[j])).text) : undefined,
        ),
      );
      for (let round = -3; round < options.iterations; round++) {
        for (const [j, t] of targets.entries()) {
          const body = bodies[j];
          if (!body) continue;
          const { ms } = await post(t, body);
          if (round >= 0) times[j]!.push(ms);
        }
      }
      const timing = (j: number): HttpTiming | undefined => {
        const s = shapes[j];
        if (!s) return undefined;
        const sorted = [...times[j]!].sort((a, b) => a - b);
        return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), ...s };
      };
      const [group, ...rest] = key.split(': ');
      results.push({
        group: group!,
        name: rest.join(': '),
        main: timing(0)!,
        baseline: baseline ? timing(1) : undefined,
      });
    }
  } finally {
    for (const t of targets) {
      t.agent.destroy();
      t.server.child.kill('SIGTERM');
    }
    await Promise.all(
      targets.map(async (t) => {
        const client = new pg.Client({ connectionString: t.url });
        await client.connect();
        await client.query('DELETE FROM admin_access_tokens WHERE token_hash = $1', [
          hashAccessToken(t.token),
        ]);
        await client.end();
      }),
    );
  }
  return results;
}

/** The results as markdown lines for bench/results. */
export function httpListLines(
  results: HttpListResult[],
  sizes: { main: string; baseline?: string },
): string[] {
  const fmt = (n: number) => n.toFixed(1);
  const base = sizes.baseline ?? 'baseline';
  const hasBaseline = results.some((r) => r.baseline);
  const missed = results.filter((r) => r.main.p95 >= HTTP_LIST_TARGET_MS);
  const verdict = (r: HttpListResult) =>
    r.main.p95 < HTTP_LIST_TARGET_MS ? 'ok' : `MISSED (${fmt(r.main.p95)})`;
  const ratio = (a: number, b: number | undefined) =>
    b === undefined ? '' : `${(a / b).toFixed(2)}×`;
  const growths = results
    .filter((r) => r.baseline)
    .map((r) => r.main.p50 / r.baseline!.p50)
    .sort((a, b) => a - b);
  return [
    `## Every list and the dashboard over HTTP (bench/http-lists.ts)`,
    '',
    `The web app's own GraphQL documents (apps/web/src/gql) POSTed to the real app (its own process, pool of 10), one request after another on a keep-alive connection; page 1 (offset 0) and page 50 (offset 980) of 20 rows (the referral tree: children 0 and 4,900 of 100).${hasBaseline ? ` Requests alternate between the ${sizes.main} database's app and the ${base} database's app, so both see the same machine load; growth = ${sizes.main} / ${base}.` : ''} Target: p95 < ${HTTP_LIST_TARGET_MS} ms. ms throughout.`,
    '',
    hasBaseline
      ? `| group | case | ${base} p50 | ${base} p95 | ${sizes.main} p50 | ${sizes.main} p95 | growth p50 | growth p95 | rows | totalRecords ${base} → ${sizes.main} | target |`
      : `| group | case | p50 | p95 | rows | totalRecords | target |`,
    hasBaseline
      ? '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|'
      : '|---|---|---:|---:|---:|---:|:---:|',
    ...results.map((r) =>
      hasBaseline
        ? `| ${r.group} | ${r.name} | ${r.baseline ? fmt(r.baseline.p50) : ''} | ${r.baseline ? fmt(r.baseline.p95) : ''} | ${fmt(r.main.p50)} | ${fmt(r.main.p95)} | ${ratio(r.main.p50, r.baseline?.p50)} | ${ratio(r.main.p95, r.baseline?.p95)} | ${r.main.rows} | ${r.baseline?.total || '–'} → ${r.main.total || '–'} | ${verdict(r)} |`
        : `| ${r.group} | ${r.name} | ${fmt(r.main.p50)} | ${fmt(r.main.p95)} | ${r.main.rows} | ${r.main.total || '–'} | ${verdict(r)} |`,
    ),
    '',
    `Missed: ${missed.length} of ${results.length}.${hasBaseline && growths.length > 0 ? ` Growth of p50 ${sizes.main}/${base}: median ${growths[Math.floor(growths.length / 2)]!.toFixed(2)}×, largest ${growths[growths.length - 1]!.toFixed(2)}×.` : ''}`,
    '',
  ];
}
