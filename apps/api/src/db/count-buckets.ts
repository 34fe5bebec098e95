import {
  businessDate,
  businessDayStart,
  type ContactStatus,
  type PaymentStatus,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '@app/shared';
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { createCompiledQueryCache } from './compiled-query-cache';
import type { Executor } from './executor';

/**
 * The keys of `row_counts` (migrations 0013, 0018): one builder per bucket family, the only
 * spelling the repositories and the generator use (the triggers write the same keys in SQL;
 * count-buckets.test.ts checks that every key they wrote is one of these). A `Bucket<R>` can
 * only come from here, so a count can neither misspell a key nor ask another table's bucket.
 */
export type Bucket<Relation extends BucketRelation> = string & { readonly relation: Relation };

const bucket = <R extends BucketRelation>(key: string) => key as Bucket<R>;

/** A fixed-width ordered family (`prefix + key`), counted by ranges (countFromBucketRange). */
export type BucketRange<Relation extends BucketRelation> = {
  relation: Relation;
  prefix: string;
};

export const countBuckets = {
  end_users: {
    all: bucket<'end_users'>('all'),
    cardStatus: (status: number) => bucket<'end_users'>(`card_status:${status}`),
    /** Users with at least one referral-plan remittance. */
    affiliateRemitter: bucket<'end_users'>('affiliate_remitter'),
    /** 100 USD bands of total_buy_amount_usd keyed by their lower bound in five digits. */
    buyUsdBands: { relation: 'end_users', prefix: 'buy_usd_band:' } as BucketRange<'end_users'>,
    buyUsdBand: (lowerBoundUsd: number | bigint) =>
      bucket<'end_users'>(`buy_usd_band:${String(lowerBoundUsd).padStart(5, '0')}`),
    /** The dashboard's purchase ranges (`PURCHASE_RANGES` of @app/shared), by index. */
    buyRange: (range: number) => bucket<'end_users'>(`buy_range:${range}`),
    /** Registrations per business day (`2026-03-01`, 0150), and per day by card status or purchase range now. */
    registeredDays: {
      relation: 'end_users',
      prefix: 'registered_day:',
    } as BucketRange<'end_users'>,
    registeredDay: (day: string) => bucket<'end_users'>(`registered_day:${day}`),
    registeredCard: (day: string, status: number) =>
      bucket<'end_users'>(`registered_card:${day}:${status}`),
    registeredBuyRange: (day: string, range: number) =>
      bucket<'end_users'>(`registered_buy_range:${day}:${range}`),
    /** Users whose case-folded user name starts with this one- or two-character text (0130). */
    namePrefix: (prefix: string) => bucket<'end_users'>(`name${prefix.length}:${prefix}`),
    /** Users whose case-folded email starts with this one- or two-character text (0130). */
    emailPrefix: (prefix: string) => bucket<'end_users'>(`email${prefix.length}:${prefix}`),
  },
  payments: {
    all: bucket<'payments'>('all'),
    status: (status: PaymentStatus) => bucket<'payments'>(`status:${status}`),
    /** UTC days (`2026-03-01`) of confirmed_at and asset_fixed_at. */
    confirmedDays: { relation: 'payments', prefix: 'confirmed_day:' } as BucketRange<'payments'>,
    assetFixedDays: { relation: 'payments', prefix: 'asset_fixed_day:' } as BucketRange<'payments'>,
  },
  saving_remittances: {
    all: bucket<'saving_remittances'>('all'),
    plan: (planId: number) => bucket<'saving_remittances'>(`plan:${planId}`),
  },
  saving_deposit_addresses: {
    all: bucket<'saving_deposit_addresses'>('all'),
    plan: (planId: number) => bucket<'saving_deposit_addresses'>(`plan:${planId}`),
  },
  affiliate_remittances: {
    all: bucket<'affiliate_remittances'>('all'),
  },
  withdrawal_requests: {
    all: bucket<'withdrawal_requests'>('all'),
    kind: (kind: WithdrawalKind) => bucket<'withdrawal_requests'>(`kind:${kind}`),
    kindStatus: (kind: WithdrawalKind, status: WithdrawalStatus) =>
      bucket<'withdrawal_requests'>(`kind:${kind}:status:${status}`),
    /** Requests of a kind and status per UTC day of requested_at (`2026-03-01`), 0142. */
    requestedDays: (kind: WithdrawalKind, status: WithdrawalStatus) =>
      ({
        relation: 'withdrawal_requests',
        prefix: `kind:${kind}:status:${status}:requested_day:`,
      }) as BucketRange<'withdrawal_requests'>,
    /** Requests of a kind and status per amount band (db/amount-bands.ts), 0230. */
    amountBands: (kind: WithdrawalKind, status: WithdrawalStatus) =>
      ({
        relation: 'withdrawal_requests',
        prefix: `kind:${kind}:status:${status}:amount_band:`,
      }) as BucketRange<'withdrawal_requests'>,
  },
  user_contacts: {
    all: bucket<'user_contacts'>('all'),
    status: (status: ContactStatus) => bucket<'user_contacts'>(`status:${status}`),
    /** Inquiries of this status nobody is assigned to (0140). */
    unassignedStatus: (status: ContactStatus) =>
      bucket<'user_contacts'>(`unassigned:status:${status}`),
    /** Inquiries of a status per UTC day of contacted_at (`2026-03-01`), 0156. */
    contactedDays: (status: ContactStatus) =>
      ({
        relation: 'user_contacts',
        prefix: `status:${status}:contacted_day:`,
      }) as BucketRange<'user_contacts'>,
  },
} as const;

export type BucketRelation =
  | 'end_users'
  | 'payments'
  | 'saving_remittances'
  | 'saving_deposit_addresses'
  | 'affiliate_remittances'
  | 'withdrawal_requests'
  | 'user_contacts';

/**
 * How each field of a list's filter is counted: `buckets` names the bucket family that serves
 * it, `index` means a filter on it is counted by the table's indexes. A record over every key
 * of the filter type, so a new filter field does not compile until its count rule is written
 * (count-rules.test.ts proves that).
 */
export type CountRule<Filter> = { readonly [K in keyof Required<Filter>]: 'buckets' | 'index' };

/** The fields of a filter that are set (undefined, null, blank text and [] are not). */
export function setFilterFields<Filter extends object>(filter: Filter): (keyof Filter)[] {
  return (Object.keys(filter) as (keyof Filter)[]).filter((field) => {
    const value = filter[field];
    if (value === undefined || value === null || value === '') return false;
    return !(Array.isArray(value) && value.length === 0);
  });
}

/**
 * The positive rule: true when every set field of the filter is one of `fields`, each of which
 * the list's count rule declares as served by buckets: the filter is exactly these buckets.
 */
export function servedByBuckets<Filter extends object>(
  filter: Filter,
  rule: CountRule<Filter>,
  fields: readonly (keyof Filter)[],
): boolean {
  for (const field of fields) {
    if (rule[field] !== 'buckets') throw new Error(`${String(field)} is not counted by buckets.`);
  }
  return setFilterFields(filter).every((field) => fields.includes(field));
}

/**
 * Exact count of a maintained bucket (migration 0013, row_counts): the sum of the named
 * buckets, in constant time whatever the table size.
 */
export async function countFromBuckets<Relation extends BucketRelation>(
  db: Executor,
  relation: Relation,
  buckets: readonly Bucket<Relation>[],
): Promise<number> {
  if (buckets.length === 0) return 0;
  // Every list's unfiltered count comes here (each users page): built once per number of
  // buckets and sent as a named prepared statement (primary-key lookups: one plan fits all).
  const values: Record<string, unknown> = { relation };
  buckets.forEach((b, i) => {
    values[`b${i}`] = b;
  });
  const [row] = await compiledBucketCounts<{ n: string }>(
    db,
    String(buckets.length),
    values,
    (param) =>
      db
        .selectFrom('row_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.val('0')).as('n'))
        .where('relation', '=', param('relation') as BucketRelation)
        .where(
          'bucket',
          'in',
          buckets.map((_, i) => param(`b${i}`)),
        ),
    { prepare: true },
  );
  return Number(row?.n ?? 0);
}

const compiledBucketCounts = createCompiledQueryCache(50);

/**
 * Exact count of a range over an ordered key from maintained buckets (migration 0018): the sum
 * of the buckets `prefix + key` with `keys.from <= key <= keys.to` (either end open, `null` for
 * none), plus `edges.add` minus `edges.subtract`, the exact counts of the parts of the two edge
 * buckets the sum gets wrong. Keys compare in byte order (COLLATE "C"), whatever the database
 * collation, so they must be fixed-width (`2026-03-01`, `05000`). All in one round trip.
 */
export async function countFromBucketRange<Relation extends BucketRelation>(
  db: Executor,
  { relation, prefix }: BucketRange<Relation>,
  keys: { from?: string | undefined; to?: string | undefined } | null,
  edges: { add?: Expression<unknown> | undefined; subtract?: Expression<unknown> | undefined },
): Promise<number> {
  let whole: Expression<unknown> = sql`0`;
  if (keys) {
    let buckets = db
      .selectFrom('row_counts')
      .select((eb) => eb.fn.sum<string>('n').as('n'))
      .where('relation', '=', relation)
      .where(sql<boolean>`starts_with(bucket, ${prefix})`);
    if (keys.from !== undefined)
      buckets = buckets.where(sql`bucket COLLATE "C"`, '>=', `${prefix}${keys.from}`);
    if (keys.to !== undefined)
      buckets = buckets.where(sql`bucket COLLATE "C"`, '<=', `${prefix}${keys.to}`);
    whole = buckets;
  }
  const add = edges.add ?? sql`0`;
  const subtract = edges.subtract ?? sql`0`;
  const { rows } = await sql<{ n: string }>`
    SELECT coalesce((${whole}), 0) + coalesce((${add}), 0) - coalesce((${subtract}), 0) AS n
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const DAY_MS = 86_400_000;

/** A UTC day's bucket key, or undefined outside four-digit years (the buckets' key format). */
function dayKey(day: number): string | undefined {
  const iso = new Date(day * DAY_MS).toISOString();
  return /^\d{4}-\d{2}-\d{2}T/.test(iso) ? iso.slice(0, 10) : undefined;
}

/**
 * Exact count of `from <= timestamp <= until` (inclusive ends, either open) from a family of
 * UTC day buckets (`YYYY-MM-DD` keys): the buckets from the first day starting at or after
 * `from` through the day holding `until`, plus the rows from `from` to that first midnight,
 * minus the rows of the last day after `until`. `between(low, high)` counts the rows with
 * `low <= t < high` (`lowInclusive` false: `low < t < high`) through the column's index; each
 * edge reads at most one day of it. Undefined when a bound cannot be keyed.
 */
export async function countFromDayBuckets<Relation extends BucketRelation>(
  db: Executor,
  days: BucketRange<Relation>,
  range: { from: Date | undefined; until: Date | undefined },
  between: (low: Date, high: Date, lowInclusive: boolean) => Expression<unknown>,
  /** The zone the buckets' days are in (registered_day: the business zone, migration 0150). */
  timeZone = 'UTC',
): Promise<number | undefined> {
  const from = range.from?.getTime();
  const until = range.until?.getTime();
  if (Number.isNaN(from) || Number.isNaN(until)) return undefined;
  if (from !== undefined && until !== undefined && from > until) return 0;
  if (timeZone !== 'UTC') {
    return countFromZonedDayBuckets(db, days, from, until, between, timeZone);
  }
  const firstDay = from === undefined ? undefined : Math.ceil(from / DAY_MS);
  const lastDay = until === undefined ? undefined : Math.floor(until / DAY_MS);
  const fromKey = firstDay === undefined ? undefined : dayKey(firstDay);
  const toKey = lastDay === undefined ? undefined : dayKey(lastDay);
  if ((firstDay !== undefined && !fromKey) || (lastDay !== undefined && !toKey)) return undefined;
  const add =
    from !== undefined && firstDay !== undefined && firstDay * DAY_MS > from
      ? between(new Date(from), new Date(firstDay * DAY_MS), true)
      : undefined;
  const subtract =
    until !== undefined && lastDay !== undefined
      ? between(new Date(until), new Date((lastDay + 1) * DAY_MS), false)
      : undefined;
  return countFromBucketRange(db, days, { from: fromKey, to: toKey }, { add, subtract });
}

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** countFromDayBuckets over days of a zone other than UTC (their lengths may differ by DST). */
async function countFromZonedDayBuckets<Relation extends BucketRelation>(
  db: Executor,
  days: BucketRange<Relation>,
  from: number | undefined,
  until: number | undefined,
  between: (low: Date, high: Date, lowInclusive: boolean) => Expression<unknown>,
  timeZone: string,
): Promise<number | undefined> {
  let fromKey: string | undefined;
  let add: Expression<unknown> | undefined;
  if (from !== undefined) {
    const day = businessDate(from, timeZone);
    const start = businessDayStart(day, timeZone)?.getTime();
    if (start === undefined) return undefined;
    fromKey = start < from ? nextDay(day) : day;
    const firstStart = businessDayStart(fromKey, timeZone)?.getTime();
    if (firstStart === undefined || !/^\d{4}-/.test(fromKey)) return undefined;
    if (firstStart > from) add = between(new Date(from), new Date(firstStart), true);
  }
  let toKey: string | undefined;
  let subtract: Expression<unknown> | undefined;
  if (until !== undefined) {
    toKey = businessDate(until, timeZone);
    const end = businessDayStart(nextDay(toKey), timeZone)?.getTime();
    if (end === undefined || !/^\d{4}-/.test(toKey)) return undefined;
    subtract = between(new Date(until), new Date(end), false);
  }
  return countFromBucketRange(db, days, { from: fromKey, to: toKey }, { add, subtract });
}

/**
 * The rows a list's filtered query matches: its count when a set filter is one the buckets
 * cannot serve (the same `count(*)` over the query the page reads).
 */
export async function countMatching<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<string>().as('n'))
    // The query selects nothing else; its generic row type cannot say so.
    .$castTo<{ n: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A list's total by the positive rule: its bucket when the bucket serves the filter (every set
 * field is one of `count.fields`: servedByBuckets), else the rows of its filtered query counted.
 * The bucket is asked for only when it serves (a plan's bucket may need the plan's id read).
 */
export async function countListRows<
  Filter extends object,
  Relation extends BucketRelation,
  D,
  TB extends keyof D,
  O,
>(
  db: Executor,
  count: { filter: Filter; rule: CountRule<Filter>; fields: readonly (keyof Filter)[] },
  query: SelectQueryBuilder<D, TB, O>,
  relation: Relation,
  bucket: () => Bucket<Relation> | Promise<Bucket<Relation>>,
): Promise<number> {
  return servedByBuckets(count.filter, count.rule, count.fields)
    ? countFromBuckets(db, relation, [await bucket()])
    : countMatching(query);
}
