import { sql, type RawBuilder } from 'kysely';
import { PAYMENT_MACHINE, statusesInto, type PaymentStatus } from '@app/shared';
import type { Executor } from '../../db/executor';
import {
  IMPORT_STATEMENT_TIMEOUT,
  type ImportPreviewRow,
  type ImportReason,
  type ImportReportSpec,
  type StagedRowProblem,
  type StagingTable,
} from '../../platform/imports';
import { PAYMENT_ROW_COLUMNS, type PaymentListRow } from './payments-repository';

/**
 * The status a rate assignment fixes payments from: the one PAYMENT_MACHINE lets become
 * asset_fixed (confirmed). It is written into the SQL as a literal, so the partial index
 * payments_unfixed_idx (on that status) serves it; a machine that let more statuses, or none,
 * become asset_fixed would need another index, so loading fails instead of guessing.
 */
function fixableStatus(): PaymentStatus {
  const [only, ...others] = statusesInto(PAYMENT_MACHINE, 'asset_fixed');
  if (only === undefined || others.length > 0)
    throw new Error('A rate assignment fixes payments of exactly one status (PAYMENT_MACHINE).');
  return only;
}
const FIXABLE_STATUS = fixableStatus();
const FIXABLE = sql.lit(FIXABLE_STATUS);

/**
 * The write side of payments (issue 12): adding payments by hand or from a staged CSV, and
 * fixing assets with rates. Every statement is set-based; the statement-level triggers of
 * 0013/0018/0021 keep the users' totals, the list counts and the daily statistics in step in
 * the same transaction.
 *
 * The one rounding rule (docs/domain.md, "Rate assignment"): a payment's coin amount is
 * `trunc(paid_btc * rate, 18)`, truncated toward zero at the coin's 18 places, computed by
 * PostgreSQL's exact numeric. The preview sums the very same expression.
 */
const MANUAL_PAYMENT_ADDRESS = 'manual';

/** The coin amount written for one payment (see above), as SQL over `p` and `pl`. */
function convertedSql(rate: RawBuilder<unknown>, coin: 'ETH' | 'HEC'): RawBuilder<string> {
  return sql<string>`CASE WHEN pl.coin_type = ${coin} THEN trunc(p.paid_btc * ${rate}, 18) ELSE 0 END`;
}

/** What rateSums answers, as text (exact decimals). */
type RateSums = { n: string; btc_eth: string; btc_hec: string; eth: string; hec: string };

/**
 * The sums of a rate assignment over its payments `p` (plans `pl`): how many, the BTC paid per
 * coin, and the coin amounts of the two conversions; the preview and the dry run read the same.
 */
function rateSums(eth: RawBuilder<unknown>, hec: RawBuilder<unknown>) {
  return sql`count(*) AS n,
      coalesce(sum(CASE WHEN pl.coin_type = 'ETH' THEN p.paid_btc END), 0)::text AS btc_eth,
      coalesce(sum(CASE WHEN pl.coin_type = 'HEC' THEN p.paid_btc END), 0)::text AS btc_hec,
      coalesce(sum(${eth}), 0)::text AS eth,
      coalesce(sum(${hec}), 0)::text AS hec`;
}

export async function findPaymentRow(db: Executor, id: string): Promise<PaymentListRow> {
  return db
    .selectFrom('payments as p')
    .innerJoin('end_users as u', 'u.id', 'p.end_user_id')
    .innerJoin('plans as pl', 'pl.id', 'p.plan_id')
    .select(PAYMENT_ROW_COLUMNS)
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function endUserExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('end_users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function findPlan(
  db: Executor,
  id: number,
): Promise<{ id: number; priceUsd: string; coinType: string } | undefined> {
  return db
    .selectFrom('plans')
    .select(['id', 'price_usd as priceUsd', 'coin_type as coinType'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every plan with its id, name, coin and price, by id (the payments template lists them). */
export async function listPlans(
  db: Executor,
): Promise<Array<{ id: number; name: string; coinType: string; priceUsd: string }>> {
  return db
    .selectFrom('plans')
    .select(['id', 'name', 'coin_type as coinType', 'price_usd as priceUsd'])
    .orderBy('id')
    .execute();
}

type NewPayment = {
  userId: number;
  planId: number;
  priceUsd: string;
  paidUsd: string;
  amountETH: string;
  amountHEC: string;
  confirmedAt: Date;
  assetFixedAt: Date;
};

/** A payment added by an admin: already confirmed, its assets set (status asset_fixed). */
export async function insertPayment(trx: Executor, p: NewPayment): Promise<string> {
  const row = await trx
    .insertInto('payments')
    .values({
      end_user_id: p.userId,
      plan_id: p.planId,
      price_usd: p.priceUsd,
      paid_usd: p.paidUsd,
      paid_btc: '0',
      payment_address: MANUAL_PAYMENT_ADDRESS,
      status: 'asset_fixed',
      confirmed_at: p.confirmedAt,
      asset_fixed_at: p.assetFixedAt,
      amount_eth: p.amountETH,
      amount_hec: p.amountHEC,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** What an earlier call with the key made: the payment and the values it was added with. */
export type KeyedPayment = {
  paymentId: string;
  userId: number;
  planId: number;
  paidUsd: string;
  amountETH: string | null;
  amountHEC: string | null;
  confirmedAt: Date | null;
};

/** The payment an admin's earlier call with this client key made, if any. */
export async function findPaymentByClientKey(
  db: Executor,
  adminUserId: number,
  clientKey: string,
): Promise<KeyedPayment | undefined> {
  const row = await db
    .selectFrom('payment_client_keys as k')
    .innerJoin('payments as p', 'p.id', 'k.payment_id')
    .select([
      'p.id',
      'p.end_user_id',
      'p.plan_id',
      'p.paid_usd',
      'p.amount_eth',
      'p.amount_hec',
      'p.confirmed_at',
    ])
    .where('k.admin_user_id', '=', adminUserId)
    .where('k.client_key', '=', clientKey)
    .executeTakeFirst();
  return row
    ? {
        paymentId: String(row.id),
        userId: row.end_user_id,
        planId: row.plan_id,
        paidUsd: row.paid_usd,
        amountETH: row.amount_eth,
        amountHEC: row.amount_hec,
        confirmedAt: row.confirmed_at,
      }
    : undefined;
}

/**
 * Keeps the key with the payment it made, in the payment's transaction: a concurrent call
 * with the same key waits on the primary key and then fails, and its retry finds this one.
 */
export async function insertPaymentClientKey(
  trx: Executor,
  adminUserId: number,
  clientKey: string,
  paymentId: string,
): Promise<void> {
  await trx
    .insertInto('payment_client_keys')
    .values({ admin_user_id: adminUserId, client_key: clientKey, payment_id: paymentId })
    .execute();
}

// ---- payments CSV (staged) ----

export type PaymentStageKey =
  'userId' | 'planId' | 'paidUsd' | 'assetETH' | 'assetHEC' | 'confirmedAt';

/**
 * Staged payment rows that name a missing user or plan, both assets 0, a future date, or
 * repeat a payment already stored in everything but the time the system stamped (same user,
 * plan, paidUsd, assets, and confirmedAt when the row gives one: a row without it would take
 * the import's time, so any stored time matches; the stored one's id is reported). One set-based join: a hash join over the staged rows for a
 * large file, lookups by payments_user_idx (end_user_id, id) for a small one; a user has few
 * payments, so no index of its own is needed (bench/imports.ts measures it at 1M rows).
 */
export async function checkStagedPayments(
  trx: Executor,
  stage: StagingTable<PaymentStageKey>,
  now: Date,
): Promise<StagedRowProblem<PaymentStageKey>[]> {
  const c = stage.column;
  const result = await sql<{ line: number; problem: string }>`
    SELECT s.line, 'user' AS problem FROM ${stage.table} s
      WHERE NOT EXISTS (SELECT 1 FROM end_users u WHERE u.id = s.${c('userId')})
    UNION ALL
    SELECT s.line, 'plan' FROM ${stage.table} s
      WHERE NOT EXISTS (SELECT 1 FROM plans pl WHERE pl.id = s.${c('planId')})
    UNION ALL
    SELECT s.line, 'assets' FROM ${stage.table} s
      WHERE s.${c('assetETH')} = 0 AND s.${c('assetHEC')} = 0
    UNION ALL
    SELECT s.line, 'future' FROM ${stage.table} s WHERE s.${c('confirmedAt')} > ${now}
    UNION ALL
    SELECT s.line, 'stored:' || min(p.id) FROM ${stage.table} s
      JOIN payments p ON p.end_user_id = s.${c('userId')} AND p.confirmed_at = s.${c('confirmedAt')}
        AND p.plan_id = s.${c('planId')} AND p.paid_usd = s.${c('paidUsd')}
        AND p.amount_eth = s.${c('assetETH')} AND p.amount_hec = s.${c('assetHEC')}
      GROUP BY s.line
    UNION ALL
    SELECT s.line, 'stored:' || min(p.id) FROM ${stage.table} s
      JOIN payments p ON p.end_user_id = s.${c('userId')}
        AND p.plan_id = s.${c('planId')} AND p.paid_usd = s.${c('paidUsd')}
        AND p.amount_eth = s.${c('assetETH')} AND p.amount_hec = s.${c('assetHEC')}
      WHERE s.${c('confirmedAt')} IS NULL
      GROUP BY s.line
    ORDER BY 1`.execute(trx);
  return result.rows.map((r): StagedRowProblem<PaymentStageKey> => {
    if (r.problem.startsWith('stored:')) {
      return {
        line: r.line,
        column: null,
        reason: { code: 'duplicate_of_payment', params: { paymentId: r.problem.slice(7) } },
      };
    }
    switch (r.problem) {
      case 'user':
        return { line: r.line, column: 'userId', reason: { code: 'unknown_reference' } };
      case 'plan':
        return { line: r.line, column: 'planId', reason: { code: 'unknown_reference' } };
      case 'assets':
        return {
          line: r.line,
          column: 'assetETH',
          reason: { code: 'assets_both_zero' },
        };
      default:
        return {
          line: r.line,
          column: 'confirmedAt',
          reason: { code: 'confirmed_in_future' },
        };
    }
  });
}

/** The first staged rows with the names their user and plan ids resolve to (the report). */
export async function previewStagedPayments(
  trx: Executor,
  stage: StagingTable<PaymentStageKey>,
  limit: number,
): Promise<ImportPreviewRow[]> {
  const c = stage.column;
  const result = await sql<{
    line: number;
    user_id: string;
    user_name: string | null;
    plan_id: string;
    plan_name: string | null;
    paid_usd: string;
    asset_eth: string;
    asset_hec: string;
    confirmed_at: Date | null;
  }>`
    SELECT s.line, s.${c('userId')}::text AS user_id, u.user_name, s.${c('planId')}::text AS plan_id,
      pl.name AS plan_name, s.${c('paidUsd')}::text AS paid_usd, s.${c('assetETH')}::text AS asset_eth,
      s.${c('assetHEC')}::text AS asset_hec, s.${c('confirmedAt')} AS confirmed_at
    FROM (SELECT * FROM ${stage.table} ORDER BY line LIMIT ${limit}) s
    LEFT JOIN end_users u ON u.id = s.${c('userId')}
    LEFT JOIN plans pl ON pl.id = s.${c('planId')}
    ORDER BY s.line`.execute(trx);
  return result.rows.map((r) => ({
    line: r.line,
    values: {
      userId: r.user_id,
      userName: r.user_name,
      planId: r.plan_id,
      planName: r.plan_name,
      paidUsd: r.paid_usd,
      assetETH: r.asset_eth,
      assetHEC: r.asset_hec,
      confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
    },
  }));
}

/**
 * The check report's names (every row of a checked file): the user's and the plan's, joined
 * by id (hash joins over a large file); null when the id matches nothing or was refused.
 */
export const PAYMENTS_REPORT: ImportReportSpec<PaymentStageKey> = {
  resolved: ['userName', 'planName'],
  resolve: (row) => ({
    joins: sql`LEFT JOIN end_users ru ON ru.id = ${row('userId')}
      LEFT JOIN plans rp ON rp.id = ${row('planId')}`,
    values: [sql`ru.user_name`, sql`rp.name`],
  }),
};

export async function summarizeStagedPayments(
  trx: Executor,
  stage: StagingTable<PaymentStageKey>,
): Promise<{ count: number; paidUsd: string; assetETH: string; assetHEC: string }> {
  const c = stage.column;
  const result = await sql<{ n: string; usd: string; eth: string; hec: string }>`
    SELECT count(*) AS n, coalesce(sum(${c('paidUsd')}), 0)::text AS usd,
      coalesce(sum(${c('assetETH')}), 0)::text AS eth, coalesce(sum(${c('assetHEC')}), 0)::text AS hec
    FROM ${stage.table}`.execute(trx);
  const row = result.rows[0]!;
  return { count: Number(row.n), paidUsd: row.usd, assetETH: row.eth, assetHEC: row.hec };
}

/**
 * Inserts every staged payment in one statement; rows without confirmedAt take `now`. No
 * ORDER BY line: sorting a million staged rows cost about a fifth of the import's apply
 * (bench/imports.ts), and nothing needs the ids in file order (in practice they still follow
 * it: the staging table is scanned in the order it was filled).
 */
export async function insertStagedPayments(
  trx: Executor,
  stage: StagingTable<PaymentStageKey>,
  now: Date,
): Promise<number> {
  const c = stage.column;
  const result = await sql`
    INSERT INTO payments (end_user_id, plan_id, price_usd, paid_usd, paid_btc, payment_address,
      status, confirmed_at, asset_fixed_at, amount_eth, amount_hec)
    SELECT s.${c('userId')}, s.${c('planId')}, pl.price_usd, s.${c('paidUsd')}, 0, ${MANUAL_PAYMENT_ADDRESS},
      'asset_fixed', coalesce(s.${c('confirmedAt')}, ${now}), ${now}, s.${c('assetETH')}, s.${c('assetHEC')}
    FROM ${stage.table} s JOIN plans pl ON pl.id = s.${c('planId')}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

// ---- rate assignment ----

export type RateWindow = {
  from: Date | null;
  until: Date;
};

type RatePreview = {
  paymentCount: number;
  btcToBuyETH: string;
  btcToBuyHEC: string;
  /** Sums of what the commit writes, when rates are given. */
  amountETH: string | null;
  amountHEC: string | null;
};

function windowSql(w: RateWindow): RawBuilder<boolean> {
  return w.from
    ? sql<boolean>`p.confirmed_at >= ${w.from} AND p.confirmed_at <= ${w.until}`
    : sql<boolean>`p.confirmed_at <= ${w.until}`;
}

/**
 * What assigning rates to a window would do: the confirmed, not yet fixed payments confirmed
 * in it (both ends inclusive), the BTC they were paid per coin, and (given rates) the coin
 * amounts the commit writes, summed from the same expression the commit uses.
 */
export async function previewRates(
  db: Executor,
  w: RateWindow,
  rates: { hec: string; eth: string } | null,
): Promise<RatePreview> {
  const eth = rates ? convertedSql(sql`${rates.eth}::numeric`, 'ETH') : sql`0`;
  const hec = rates ? convertedSql(sql`${rates.hec}::numeric`, 'HEC') : sql`0`;
  const result = await sql<RateSums>`
    SELECT ${rateSums(eth, hec)}
    FROM payments p JOIN plans pl ON pl.id = p.plan_id
    WHERE p.status = ${FIXABLE} AND ${windowSql(w)}`.execute(db);
  const row = result.rows[0]!;
  return {
    paymentCount: Number(row.n),
    btcToBuyETH: row.btc_eth,
    btcToBuyHEC: row.btc_hec,
    amountETH: rates ? row.eth : null,
    amountHEC: rates ? row.hec : null,
  };
}

/** A payment a rate commit fixes: its id, and what its amounts are made of (BTC paid, plan). */
export type FixableRow = { id: string; revision: string };

/**
 * The payments a rate assignment of the window fixes, in id order, with what their coin
 * amounts depend on (`paid_btc/plan_id`): a preview reads them, a commit locks them (FOR UPDATE),
 * so none changes before the commit fixes exactly these.
 */
export async function fixableSet(
  db: Executor,
  w: RateWindow,
  options: { lock: boolean },
): Promise<FixableRow[]> {
  const result = await sql<FixableRow>`
    SELECT p.id::text AS id, p.paid_btc::text || '/' || p.plan_id::text AS revision
      FROM payments p
     WHERE p.status = ${FIXABLE} AND ${windowSql(w)}
     ORDER BY p.id
     ${options.lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return result.rows;
}

/**
 * Lets this transaction's statements outlast the API's statement timeout (meant for screens'
 * queries): the UPDATE of a large window (150k payments: tens of seconds on a small server,
 * with the triggers) may. Imports set the same in their own transaction.
 */
export async function allowLongStatements(trx: Executor): Promise<void> {
  await sql`SET LOCAL statement_timeout = ${sql.lit(IMPORT_STATEMENT_TIMEOUT)}`.execute(trx);
}

/**
 * Another rate assignment holds the lock: false. Taken with try, so two admins committing at
 * once get an answer at once (one wins, the other a CONFLICT) instead of queueing.
 */
export async function tryLockRateAssignment(trx: Executor): Promise<boolean> {
  // A fixed key: 0x7261746573 ("rates"); other locks here use other keys.
  const result = await sql<{
    ok: boolean;
  }>`SELECT pg_try_advisory_xact_lock(491328189811) AS ok`.execute(trx);
  return result.rows[0]!.ok;
}

type RateAssignmentInput = RateWindow & {
  deadline: Date;
  hecRate: string;
  ethRate: string;
  adminUserId: number | null;
  /** Fixes only these payments (the confirmed set, locked by the caller). */
  onlyIds?: readonly string[];
};

/** Records the assignment and fixes its payments; returns the id and the count fixed. */
export async function assignRates(
  trx: Executor,
  a: RateAssignmentInput,
): Promise<{ id: number; count: number; amountETH: string; amountHEC: string }> {
  const inserted = await trx
    .insertInto('rate_assignments')
    .values({
      confirmed_at_from: a.from,
      confirmed_at_until: a.until,
      deadline: a.deadline,
      btc_hec_rate: a.hecRate,
      btc_eth_rate: a.ethRate,
      admin_user_id: a.adminUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fixed = await fixAssignedPayments(trx, [inserted.id], a.onlyIds);
  return { id: inserted.id, ...fixed };
}

/**
 * Fixes the unfixed payments of recorded rate assignments in ONE statement, whatever their
 * number: each payment confirmed in an assignment's window (both ends inclusive) takes that
 * assignment's deadline, rates and `trunc(paid_btc × rate, 18)` amounts, and each assignment
 * its payment_count. The windows must not overlap (the callers check it), so no payment
 * matches two of them.
 */
export async function fixAssignedPayments(
  trx: Executor,
  assignmentIds: readonly number[],
  onlyIds?: readonly string[],
): Promise<{ count: number; amountETH: string; amountHEC: string }> {
  if (assignmentIds.length === 0) return { count: 0, amountETH: '0', amountHEC: '0' };
  const eth = convertedSql(sql`ra.btc_eth_rate`, 'ETH');
  const hec = convertedSql(sql`ra.btc_hec_rate`, 'HEC');
  const result = await sql<{ n: string; eth: string; hec: string }>`
    WITH fixed AS (
      UPDATE payments p SET
        status = 'asset_fixed', asset_fixed_at = ra.deadline, rate_assignment_id = ra.id,
        btc_eth_rate = ra.btc_eth_rate, btc_hec_rate = ra.btc_hec_rate,
        amount_eth = ${eth}, amount_hec = ${hec}
      FROM rate_assignments ra, plans pl
      WHERE ra.id = ANY(${[...assignmentIds]}::integer[]) AND pl.id = p.plan_id
        AND p.status = ${FIXABLE}
        AND p.confirmed_at >= coalesce(ra.confirmed_at_from, '-infinity'::timestamptz)
        AND p.confirmed_at <= ra.confirmed_at_until
        ${onlyIds ? sql`AND p.id = ANY(${[...onlyIds]}::bigint[])` : sql``}
      RETURNING ra.id AS assignment_id, p.amount_eth, p.amount_hec
    ), per_assignment AS (
      SELECT assignment_id, count(*) AS n, sum(amount_eth) AS eth, sum(amount_hec) AS hec
      FROM fixed GROUP BY assignment_id
    ), counted AS (
      UPDATE rate_assignments ra SET payment_count = x.n
      FROM per_assignment x WHERE ra.id = x.assignment_id
      RETURNING ra.id
    )
    SELECT coalesce(sum(n), 0) AS n, coalesce(sum(eth), 0)::text AS eth,
      coalesce(sum(hec), 0)::text AS hec
    FROM per_assignment`.execute(trx);
  const row = result.rows[0]!;
  return { count: Number(row.n), amountETH: row.eth, amountHEC: row.hec };
}

// ---- rates CSV (staged) ----

export type RateStageKey = 'startAt' | 'endAt' | 'deadline' | 'BTCHECRate' | 'BTCETHRate';

/**
 * Staged rate rows that cannot apply: a window ending before it starts, a deadline before the
 * window ends, two windows of the file that overlap (a payment would be fixed twice), and a
 * window with no payment left to fix (its payments are already fixed: re-assigning is refused).
 */
export async function checkStagedRates(
  trx: Executor,
  stage: StagingTable<RateStageKey>,
): Promise<StagedRowProblem<RateStageKey>[]> {
  const c = stage.column;
  const from = (alias: string) =>
    sql`coalesce(${sql.ref(alias)}.${c('startAt')}, '-infinity'::timestamptz)`;
  const result = await sql<{ line: number; problem: string; other: number | null }>`
    SELECT s.line, 'order' AS problem, NULL::integer AS other FROM ${stage.table} s
      WHERE s.${c('startAt')} > s.${c('endAt')}
    UNION ALL
    SELECT s.line, 'deadline', NULL FROM ${stage.table} s WHERE s.${c('deadline')} < s.${c('endAt')}
    UNION ALL
    SELECT s.line, 'overlap', min(o.line) FROM ${stage.table} s JOIN ${stage.table} o
      ON o.line < s.line AND ${from('o')} <= s.${c('endAt')} AND ${from('s')} <= o.${c('endAt')}
      GROUP BY s.line
    UNION ALL
    SELECT s.line, 'empty', NULL FROM ${stage.table} s
      WHERE NOT EXISTS (
        SELECT 1 FROM payments p WHERE p.status = ${FIXABLE}
          AND p.confirmed_at >= ${from('s')} AND p.confirmed_at <= s.${c('endAt')})
    ORDER BY 1`.execute(trx);
  return result.rows.map((r) => {
    const column: RateStageKey =
      r.problem === 'deadline' ? 'deadline' : r.problem === 'order' ? 'startAt' : 'endAt';
    const reason: ImportReason =
      r.problem === 'order'
        ? { code: 'window_order' }
        : r.problem === 'deadline'
          ? { code: 'window_deadline' }
          : r.problem === 'overlap'
            ? { code: 'window_overlap', params: { otherLine: r.other ?? 0 } }
            : { code: 'window_empty' };
    return { line: r.line, column, reason };
  });
}

/** The staged windows with their previews, in file order (the dry run's answer). */
export async function summarizeStagedRates(
  trx: Executor,
  stage: StagingTable<RateStageKey>,
): Promise<{
  count: number;
  btcToBuyETH: string;
  btcToBuyHEC: string;
  amountETH: string;
  amountHEC: string;
}> {
  const c = stage.column;
  const eth = convertedSql(sql`s.${c('BTCETHRate')}`, 'ETH');
  const hec = convertedSql(sql`s.${c('BTCHECRate')}`, 'HEC');
  const result = await sql<RateSums>`
    SELECT ${rateSums(eth, hec)}
    FROM ${stage.table} s
    JOIN payments p ON p.status = ${FIXABLE}
      AND p.confirmed_at >= coalesce(s.${c('startAt')}, '-infinity'::timestamptz)
      AND p.confirmed_at <= s.${c('endAt')}
    JOIN plans pl ON pl.id = p.plan_id`.execute(trx);
  const row = result.rows[0]!;
  return {
    count: Number(row.n),
    btcToBuyETH: row.btc_eth,
    btcToBuyHEC: row.btc_hec,
    amountETH: row.eth,
    amountHEC: row.hec,
  };
}

/**
 * Records one rate assignment per staged window (in file order) in one statement; returns
 * their ids, for fixAssignedPayments.
 */
export async function insertStagedRateAssignments(
  trx: Executor,
  stage: StagingTable<RateStageKey>,
  adminUserId: number | null,
): Promise<number[]> {
  const c = stage.column;
  const result = await sql<{ id: number }>`
    INSERT INTO rate_assignments (confirmed_at_from, confirmed_at_until, deadline, btc_hec_rate,
      btc_eth_rate, admin_user_id)
    SELECT ${c('startAt')}, ${c('endAt')}, ${c('deadline')}, ${c('BTCHECRate')}, ${c('BTCETHRate')},
      ${adminUserId}::integer
    FROM ${stage.table} ORDER BY line
    RETURNING id`.execute(trx);
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

// ---- unfixed payments ----

export async function countUnfixed(db: Executor, w: RateWindow): Promise<number> {
  const result = await sql<{ n: string }>`
    SELECT count(*) AS n FROM payments p WHERE p.status = ${FIXABLE} AND ${windowSql(w)}`.execute(
    db,
  );
  return Number(result.rows[0]!.n);
}

/** The unfixed payments of a window, oldest confirmation first (index payments_unfixed_idx). */
export async function listUnfixed(
  db: Executor,
  w: RateWindow,
  page: { limit: number; offset: number; direction: 'asc' | 'desc' },
): Promise<PaymentListRow[]> {
  let query = db
    .selectFrom('payments as p')
    .innerJoin('end_users as u', 'u.id', 'p.end_user_id')
    .innerJoin('plans as pl', 'pl.id', 'p.plan_id')
    .select(PAYMENT_ROW_COLUMNS)
    .where('p.status', '=', FIXABLE_STATUS)
    .where('p.confirmed_at', '<=', w.until);
  if (w.from) query = query.where('p.confirmed_at', '>=', w.from);
  return query
    .orderBy('p.confirmed_at', page.direction)
    .orderBy('p.id', page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
