import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { CARD_STATUSES, compareDecimals, toUnits, UNIT_SCALES } from '@app/shared';
import { emailKey, prefixPattern, userNameKey } from '../../db/end-user-keys';
import { businessClockZone } from '../../db/business-clock';
import type { Executor } from '../../db/executor';
import { FENCE_MAX_MATCHES } from '../../db/fence';
import {
  countBuckets,
  countFromBucketRange,
  countFromBuckets,
  countFromDayBuckets,
  servedByBuckets,
  setFilterFields,
  type Bucket,
  type CountRule,
} from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
import { createCompiledQueryCache } from '../../db/compiled-query-cache';
import type { DB } from '../../db/schema';
import { USERS_LIST, type UserListRow, type UsersFilter, type UsersSortTarget } from './users-list';

export type { UserListRow, UsersFilter, UsersSortTarget };

/** The users query's row source: end_users as `u`, whatever it selects. */
type UsersTables = DB & { u: DB['end_users'] };

/**
 * One users filter, written once: how it is counted (`buckets` when kept counts serve it as the
 * only filter, else `index`), its SQL parameter (`value`, the filter's value itself when left
 * out; a list's items are one parameter each) and its condition. `where` reads the parameter
 * through `param` (the value, or a placeholder when the users page compiles its shape once) and
 * may look at the other parameters (`values`: the registration range's id bounds).
 */
type UserCondition<V> = {
  count: 'buckets' | 'index';
  value?: (given: V) => unknown;
  where: (
    eb: ExpressionBuilder<UsersTables, 'u'>,
    param: <T>() => T,
    values: Readonly<Record<string, unknown>>,
  ) => Expression<SqlBool>;
};

/** A condition for every filter of `F`: the type demands one entry per declared filter. */
export type UserConditions<F> = { [K in keyof F]-?: UserCondition<NonNullable<F[K]>> };

/**
 * The users list's filters, one entry each, in the order their conditions are written: the
 * list's page, its count and its file all read them (`conditionsSql` below). Card status, the
 * total-buy range and the registration range have buckets; so do user-name and email prefixes
 * of one or two characters (0130: the densest ranges), longer ones are counted by index.
 */
export const USER_CONDITIONS = {
  userName: {
    count: 'buckets',
    value: prefixPattern,
    where: (eb, param) => eb(userNameKey('u'), 'like', param<string>()),
  },
  email: {
    count: 'buckets',
    value: prefixPattern,
    where: (eb, param) => eb(emailKey('u'), 'like', param<string>()),
  },
  inviteCode: {
    count: 'index',
    value: (code) => code.toUpperCase(),
    where: (eb, param) => eb('u.invite_code', '=', param<string>()),
  },
  forceClubIdHash: {
    count: 'index',
    where: (eb, param) => eb('u.force_club_id_hash', '=', param<string>()),
  },
  totalBuyAmountMoreThanOrEqual: {
    count: 'buckets',
    where: (eb, param) => eb('u.total_buy_amount_usd', '>=', param<string>()),
  },
  totalBuyAmountLessThanOrEqual: {
    count: 'buckets',
    where: (eb, param) => eb('u.total_buy_amount_usd', '<=', param<string>()),
  },
  registeredAtFrom: {
    count: 'buckets',
    where: (eb, param, values) => eb(registeredAt(values, '+'), '>=', param<Date>()),
  },
  registeredAtUntil: {
    count: 'buckets',
    where: (eb, param, values) => eb(registeredAt(values, '-'), '<=', param<Date>()),
  },
  cardStatus: {
    count: 'buckets',
    where: (eb, param) => eb('u.card_status', 'in', param<number[]>()),
  },
} satisfies UserConditions<UsersFilter>;

/**
 * The registration time as a range's condition reads it. With the range's id bounds
 * (registrationIdBounds) the registration is a plain filter on the walk of the id index.
 * Written as two different no-op expressions on purpose: on the column itself PostgreSQL
 * multiplies the two ranges' selectivities, expects a few rows and reads the whole range through
 * the registered_at index and sorts it (22 ms for a month at 1M, growing with the range); as one
 * expression bounded twice it takes the pair for a narrow range (0.5%), expects to walk the whole
 * id range and starts parallel workers (20 ms at 5M for what one backend reads in 1 ms). As two
 * unrelated conditions each keeps a third.
 */
function registeredAt(values: Readonly<Record<string, unknown>>, noOp: '+' | '-') {
  if (!('idHigh' in values)) return sql<Date>`u.registered_at`;
  return noOp === '+'
    ? sql<Date>`u.registered_at + interval '0 seconds'`
    : sql<Date>`u.registered_at - interval '0 seconds'`;
}

/**
 * What a table of conditions gives the users queries: the count rule, the filter's parameter
 * values by name (a list's items as `name0`, `name1`, …) and the WHERE of the present ones, in
 * the table's order. The example of docs/list-conventions.md runs its table through it too.
 */
export function conditionsSql<F extends object>(conditions: UserConditions<F>) {
  const entries = Object.entries(conditions) as [keyof F & string, UserCondition<unknown>][];
  const countRule = Object.fromEntries(entries.map(([name, c]) => [name, c.count])) as CountRule<F>;
  /** The filter's SQL parameter values, by name. */
  const filterValues = (f: F): Record<string, unknown> => {
    const set = new Set(setFilterFields(f));
    const v: Record<string, unknown> = {};
    for (const [name, condition] of entries) {
      if (!set.has(name)) continue;
      const value = condition.value ? condition.value(f[name]) : f[name];
      if (Array.isArray(value)) value.forEach((item, i) => (v[`${name}${i}`] = item));
      else v[name] = value;
    }
    return v;
  };
  /** Adds a WHERE for each present value; `param` gives the value, or a placeholder for the cache. */
  const applyParams = <O>(
    query: UsersQuery<O>,
    values: Record<string, unknown>,
    param: <T>(name: string) => T,
  ): UsersQuery<O> => {
    let q = query;
    for (const [name, condition] of entries) {
      let read: <T>() => T;
      if (name in values) read = <T>() => param<T>(name);
      else if (`${name}0` in values) {
        const items: string[] = [];
        while (`${name}${items.length}` in values) items.push(`${name}${items.length}`);
        read = <T>() => items.map((item) => param(item)) as T;
      } else continue;
      q = q.where((eb) => condition.where(eb, read, values));
    }
    // Only a registration range alone has id bounds (listUsers), so they come last.
    if ('idLow' in values) q = q.where('u.id', '>=', param<number>('idLow'));
    if ('idHigh' in values) q = q.where('u.id', '<=', param<number>('idHigh'));
    return q;
  };
  return { countRule, filterValues, applyParams };
}

const { countRule, filterValues, applyParams } = conditionsSql<UsersFilter>(USER_CONDITIONS);

/** How each users filter is counted (USER_CONDITIONS). */
const USERS_COUNT_RULE: CountRule<UsersFilter> = countRule;

// Sorted case-insensitively, through the expression indexes on lower(...).
const LOWERED_SORTS = { userName: userNameKey('u'), email: emailKey('u') } as const;

// Every sort has an index whose order is (column, id) (migrations 0010 and 0017), or a unique
// index where the column has no ties (invite code).
const SORT_COLUMNS = {
  id: 'u.id',
  inviteCode: 'u.invite_code',
  forceClubIdHash: 'u.force_club_id_hash',
  cardStatus: 'u.card_status',
  savingRewardsRate: 'u.saving_rewards_rate',
  referralRate: 'u.referral_rate',
  registeredAt: 'u.registered_at',
  totalBuyAmountUsd: 'u.total_buy_amount_usd',
  totalHECStakedAmount: 'u.total_hec_staked_amount',
  totalETHStakedAmount: 'u.total_eth_staked_amount',
  totalSentAmount: 'u.total_sent_amount',
  totalOwl: 'u.total_owl',
} as const satisfies Record<Exclude<UsersSortTarget, keyof typeof LOWERED_SORTS>, string>;

/** The users list's sort targets (declared in users-list.ts). */
export const USERS_SORT_TARGETS = USERS_LIST.sortTargets;

// Sorts whose key never ties, so the page needs no id tie-break.
const TIE_FREE_SORTS: ReadonlySet<UsersSortTarget> = new Set(['id', 'userName', 'inviteCode']);

const USER_LIST_COLUMNS = [
  'u.id',
  'u.user_name as userName',
  'u.invite_code as inviteCode',
  'u.registered_at as registeredAt',
  'u.card_status as cardStatus',
  'u.saving_rewards_rate as savingRewardsRate',
  'u.referral_rate as referralRate',
  'u.total_hec_staked_amount as totalHECStakedAmount',
  'u.total_eth_staked_amount as totalETHStakedAmount',
  'u.total_buy_amount_usd as totalBuyAmountUsd',
  'u.total_sent_amount as totalSentAmount',
  'u.total_owl as totalOwl',
  'u.email',
  'u.aube_user_id_hash as aubeUserIdHash',
  'u.first_name as firstName',
  'u.last_name as lastName',
  'u.birth_date as birthDate',
  'u.enrollment_month as enrollmentMonth',
  'u.force_club_registered_at as forceClubRegisteredAt',
  'u.force_club_id_hash as forceClubIdHash',
  'd.avatar_url as avatarUrl',
  'd.phone_number as phoneNumber',
  'd.two_factor as twoFactor',
  'd.bio',
  'd.default_locale as defaultLocale',
] as const;

type UserListColumn = (typeof USER_LIST_COLUMNS)[number];

/** The row field a column fills: `u.user_name as userName` → userName, `d.bio` → bio. */
const FIELD_OF: ReadonlyMap<UserListColumn, string> = new Map(
  USER_LIST_COLUMNS.map((column) => [column, column.split(/ as |\./).at(-1)!]),
);
const fieldOf = (column: UserListColumn): string => FIELD_OF.get(column)!;

type ListColumns = { columns: UserListColumn[]; fields: string };

const ALL_COLUMNS: ListColumns = {
  columns: [...USER_LIST_COLUMNS],
  fields: USER_LIST_COLUMNS.map(fieldOf).join(','),
};

/**
 * The columns of each selection already seen: the GraphQL selection of a cached document is
 * the same set on every request (graphql/selection.ts), so the hot users page works its
 * columns out once.
 */
const columnsOfSelection = new WeakMap<ReadonlySet<string>, ListColumns>();

/**
 * The columns that answer `fields` (row field names; undefined: every column), always with the
 * id, in the list's order, and their field names joined (the compiled query's key).
 */
function listColumns(fields: ReadonlySet<string> | undefined): ListColumns {
  if (!fields) return ALL_COLUMNS;
  let known = columnsOfSelection.get(fields);
  if (!known) {
    const columns = USER_LIST_COLUMNS.filter((c) => c === 'u.id' || fields.has(fieldOf(c)));
    known = { columns, fields: columns.map(fieldOf).join(',') };
    columnsOfSelection.set(fields, known);
  }
  return known;
}

type UsersQuery<O> = SelectQueryBuilder<UsersTables, 'u', O>;

function applyFilter<O>(query: UsersQuery<O>, f: UsersFilter): UsersQuery<O> {
  const values = filterValues(f);
  return applyParams(query, values, <T>(name: string) => values[name] as T);
}

// The users page is the hottest call: its SQL is built once per filter shape and sort.
const compiledUsersPages = createCompiledQueryCache();

/**
 * The users list: one page, sorted in SQL, with the exact number of matching users. `fields`
 * (row field names) narrows what the page reads to what the caller shows: the GraphQL `users`
 * passes the fields its query selects, and the details table is read only when one of its
 * columns is asked for. The rows then hold only those fields (and the id); the resolvers of
 * the fields not selected never read them. Without `fields`, every column is read.
 */
export async function listUsers(
  db: Executor,
  asked: UsersFilter,
  p: PageRequest<UsersSortTarget>,
  fields?: ReadonlySet<string>,
): Promise<Page<UserListRow>> {
  // A purchase range (with card statuses or not) is narrowed to the statuses that hold such
  // purchases first (narrowToCardStatuses): none, and the answer is empty.
  const spans = await amountStatusSpans(db, asked);
  const filter = spans ? narrowToCardStatuses(asked, spans) : asked;
  if (!filter) return { rows: [], totalRecords: 0 };
  const direction = p.sort?.orderBy ?? 'desc';
  const target = p.sort?.target ?? 'id';
  const values: Record<string, unknown> = {
    ...filterValues(filter),
    // A registration range sorted by id: the walk of the id index starts at the range's end.
    ...(target === 'id' && onlyRegistrationRange(filter)
      ? await registrationIdBounds(db, filter)
      : {}),
    limit: p.limit,
    offset: p.offset,
  };
  // Several card statuses sorted by id, registration or total purchase: each status's first
  // users in that order are one range of its (card_status, column, id) index (CARD_STATUS_ORDERED),
  // so the page is the merge of
  // each status's first offset + limit entries, whatever the size of the table. PostgreSQL 15
  // cannot merge an IN list's ranges itself: it walked the registered_at index filtering the
  // statuses (119 ms for page 50 of [4, 5] at 1M) or read every user of rare ones and sorted.
  const merged =
    target in CARD_STATUS_ORDERED && (filter.cardStatus?.length ?? 0) > 1 && onlyCardStatus(filter);
  if (merged) values.window = p.offset + p.limit;
  const { columns, fields: columnFields } = listColumns(fields);
  // A selective filter (name/email prefix, a rare amount range) matches few users, but the
  // planner tends to walk the sort index and filter row by row until it has the page — 100+
  // ms for a deep page. When the exact count (needed anyway) is small, the filter runs first
  // in a fenced subquery (OFFSET 0) through its own index, and only the matches are sorted.
  // Card statuses sorted by a column without a (card_status, column, id) index: a rare status
  // (a few thousand users; its count is a kept bucket) is read first and sorted, as a selective
  // filter is; a common one is met soon enough walking the sort index.
  const selective = !onlyCardStatus(filter) || !(target in CARD_STATUS_ORDERED);
  const countFirst = selective ? await countUsers(db, filter, spans) : undefined;
  // Except a name (email) prefix sorted by name (email): the "C" key index of 0020 holds its
  // matches as one range in sort order, so the plain page-first query reads just the page.
  // Likewise a registration range sorted by registration: one range of the registered_at index.
  const prefixOnSortColumn =
    (target === 'userName' && !!filter.userName) ||
    (target === 'email' && !!filter.email) ||
    (target === 'registeredAt' && onlyRegistrationRange(filter));
  // A name prefix sorted by email, or an email prefix sorted by name: the two keys go together
  // (most emails are the name's), so walking the other key's index passes every user before the
  // prefix's first (22 s for 's' ascending at 1M), and reading the matches and sorting them grows
  // with the prefix (99,991 for 's' at 1M: 0.9 s, 51,757 buffers; 2.2-2.4 s at 5M). Past the
  // fence the page walks 0231's index instead, ordered by the other key within the prefix's first
  // character: the character's condition, implied by the prefix, is what lets the planner take
  // it; a one-character prefix is one range of it, a longer one a filtered, index-only walk.
  const initial =
    countFirst !== undefined && countFirst > FENCE_MAX_MATCHES
      ? otherKeyInitial(filter, target)
      : undefined;
  if (initial) {
    values[initial.name] = initial.value;
    // A one-character prefix is its initial: the prefix's own condition would only make the
    // planner expect a few hundred rows (the two multiplied) and read them all through bitmaps.
    if (initial.whole) delete values[initial.field];
  }
  const fenced =
    countFirst !== undefined &&
    !prefixOnSortColumn &&
    !('idHigh' in values) &&
    countFirst <= FENCE_MAX_MATCHES;
  // The first pages read their rows directly: planning the page-first join cost PostgreSQL
  // 0.3–0.5 ms on every call (a named statement with LIMIT/OFFSET parameters still gets a
  // custom plan each time, and end_users has some twenty indexes to weigh twice), four times
  // what reading a few hundred rows through the sort index costs.
  const shape = fenced
    ? 'fenced'
    : merged
      ? 'merged'
      : p.offset + p.limit <= DIRECT_MAX_ROWS
        ? 'direct'
        : 'plain';
  // The unfiltered first page of a page size the screen offers (the users screen as it opens)
  // has its LIMIT written into the statement: with no parameter left, the named statement is
  // planned once per connection, not at every call (a LIMIT parameter never gets a generic
  // plan): 0.17 -> 0.08 ms of PostgreSQL's CPU per call at 20k users. Only those three sizes,
  // so each sort adds at most three named statements.
  const literalLimit =
    shape === 'direct' &&
    Object.keys(values).length === 2 &&
    p.offset === 0 &&
    FIRST_PAGE_LIMITS.has(p.limit)
      ? p.limit
      : undefined;
  const key = `${Object.keys(values).join(',')}|${target}|${direction}|${shape}|${literalLimit ?? ''}|${columnFields}`;
  const pageQuery = compiledUsersPages<UserListRow>(
    db,
    key,
    values,
    (param) => {
      const placeholder = <T>(name: string) => param(name) as T;
      let filtered = applyParams(db.selectFrom('end_users as u'), values, placeholder);
      if ('nameInitial' in values)
        filtered = filtered.where(NAME_INITIAL, '=', placeholder<string>('nameInitial'));
      if ('emailInitial' in values)
        filtered = filtered.where(EMAIL_INITIAL, '=', placeholder<string>('emailInitial'));
      const sortKey =
        target === 'userName' || target === 'email'
          ? LOWERED_SORTS[target]
          : sql.ref(SORT_COLUMNS[target]);
      let pageIds;
      if (fenced) {
        // Page first: the matches' ids and sort keys (OFFSET 0 fences the filter into its own
        // index scan, index-only through the "C" key indexes of 0020), sorted and cut
        // to the page; then only the page's rows are read in full.
        const matches = filtered
          .select(['u.id', sortKey.as('k')])
          .offset(0)
          .as('m');
        pageIds = db
          .selectFrom(matches)
          .select('m.id')
          .orderBy('m.k', direction)
          .orderBy('m.id', direction)
          .limit(placeholder<number>('limit'))
          .offset(placeholder<number>('offset'))
          .as('p');
      } else if (merged) {
        const order = sql.raw(direction);
        const branches = Object.keys(values)
          .filter((k) => k.startsWith('cardStatus'))
          .map(
            (
              k,
            ) => sql`(SELECT u.id, ${sql.ref(CARD_STATUS_ORDERED[target as keyof typeof CARD_STATUS_ORDERED])} AS k FROM end_users u
              WHERE u.card_status = ${placeholder<number>(k)}
              ORDER BY 2 ${order}, u.id ${order} LIMIT ${placeholder<number>('window')})`,
          );
        pageIds = db
          .selectFrom(
            sql<{ id: number; k: Date }>`(${sql.join(branches, sql` UNION ALL `)})`.as('m'),
          )
          .select('m.id')
          .orderBy('m.k', direction)
          .orderBy('m.id', direction)
          .limit(placeholder<number>('limit'))
          .offset(placeholder<number>('offset'))
          .as('p');
      } else {
        let page = filtered.orderBy(sortKey, direction);
        if (!TIE_FREE_SORTS.has(target)) page = page.orderBy('u.id', direction);
        page =
          literalLimit !== undefined
            ? page.limit(sql.lit(literalLimit))
            : page.limit(placeholder<number>('limit')).offset(placeholder<number>('offset'));
        // The first pages: their rows straight from the sort index (DIRECT_MAX_ROWS).
        if (shape === 'direct')
          return page.leftJoin('end_user_details as d', 'd.end_user_id', 'u.id').select(columns);
        // Deeper pages, page first too: the page's ids come from the sort index (index-only
        // for the (total, id) indexes), and only those 20 users are read in full; joining
        // before OFFSET read and joined a thousand users for page 50.
        pageIds = page.select('u.id').as('p');
      }
      // The page's rows: the columns asked for. When none of the details' columns is (the
      // users screen asks for none), PostgreSQL removes the left join to their primary key
      // from the plan: nothing of it is read.
      let query = db
        .selectFrom('end_users as u')
        .innerJoin(pageIds, 'p.id', 'u.id')
        .leftJoin('end_user_details as d', 'd.end_user_id', 'u.id')
        .select(columns)
        .orderBy(sortKey, direction);
      if (fenced || !TIE_FREE_SORTS.has(target)) query = query.orderBy('u.id', direction);
      return query;
    },
    // The unfiltered page (the users screen as it opens) is named: parsed once per connection.
    // It is still planned per call (LIMIT/OFFSET parameters never get a generic plan), which
    // is why its first pages take the direct shape, cheap to plan. Filtered shapes are not
    // named (a prefix or a range needs its values to use the right index).
    { prepare: Object.keys(values).length === 2 },
  );
  // Otherwise the page and its count are independent: ask for both at once.
  const [rows, totalRecords] = await Promise.all([
    pageQuery,
    countFirst ?? countUsers(db, filter, spans),
  ]);
  return { rows, totalRecords };
}

/**
 * The sorts with a (card_status, column, id) index: a card status's users are one range of it
 * in the sort's order (0010 for id, 0141 registration, 0212 total purchase), so a page of one
 * status reads just its rows, and several statuses are merged per status.
 */
const CARD_STATUS_ORDERED = {
  id: 'u.id',
  registeredAt: 'u.registered_at',
  totalBuyAmountUsd: 'u.total_buy_amount_usd',
} as const;

// The first character of the case-folded name and email, as 0231's indexes lead with them.
const NAME_INITIAL = sql<string>`left(lower(${sql.ref('u.user_name')}), 1)`;
const EMAIL_INITIAL = sql<string>`left(lower(${sql.ref('u.email')}), 1)`;

/**
 * For a user-name prefix sorted by email (an email prefix sorted by name), the prefix's first
 * character as the parameter of the condition on the key's initial (0231). The prefix is folded
 * as its LIKE pattern is (prefixPattern), so a name the pattern matches starts with it.
 */
function otherKeyInitial(
  filter: UsersFilter,
  target: UsersSortTarget,
):
  | {
      name: 'nameInitial' | 'emailInitial';
      field: 'userName' | 'email';
      value: string;
      whole: boolean;
    }
  | undefined {
  const field =
    target === 'email' && filter.userName && !filter.email
      ? 'userName'
      : target === 'userName' && filter.email && !filter.userName
        ? 'email'
        : undefined;
  if (!field) return undefined;
  const characters = Array.from(filter[field]!.toLowerCase());
  if (characters.length === 0) return undefined;
  return {
    name: field === 'userName' ? 'nameInitial' : 'emailInitial',
    field,
    value: characters[0]!,
    whole: characters.length === 1,
  };
}

/** True when the filter is served by the maintained card-status buckets alone. */
function onlyCardStatus(filter: UsersFilter): boolean {
  return servedByBuckets(filter, USERS_COUNT_RULE, ['cardStatus']);
}

/**
 * The kept count (0130) of a user-name or email prefix of one or two printable ASCII characters
 * that is the filter's only condition. Such a prefix is one bucket: `lower(x) LIKE 'sa%'` holds
 * exactly when `left(lower(x), 2) = 'sa'`, and JavaScript and PostgreSQL fold ASCII alike.
 * At 5M users "s" matches ~500k names: counted by index, ~500k index entries per keystroke.
 */
function shortPrefixBucket(filter: UsersFilter): Bucket<'end_users'> | undefined {
  for (const field of ['userName', 'email'] as const) {
    const value = filter[field];
    if (!value || !servedByBuckets(filter, USERS_COUNT_RULE, [field])) continue;
    const folded = value.toLowerCase();
    if (!/^[\x20-\x7e]{1,2}$/.test(folded)) return undefined;
    return field === 'userName'
      ? countBuckets.end_users.namePrefix(folded)
      : countBuckets.end_users.emailPrefix(folded);
  }
  return undefined;
}

/** True when the registration range is the filter's only condition. */
function onlyRegistrationRange(filter: UsersFilter): boolean {
  return (
    servedByBuckets(filter, USERS_COUNT_RULE, ['registeredAtFrom', 'registeredAtUntil']) &&
    Boolean(filter.registeredAtFrom || filter.registeredAtUntil)
  );
}

/**
 * For a registration range sorted by id: the id bounds of its UTC days (migration 0155), as
 * `idLow`/`idHigh` parameters. Walking the id index from its newest end (its oldest, ascending)
 * would otherwise pass every user registered after (before) the range first: for March 2026 at
 * 5M users, 1.3M users for a page of 20 (1.8 s); reading the range's own (registered_at, id)
 * index instead grows with the range (221k entries for that month). From the bound the walk
 * meets the range at once, since ids are given in registration order; a user registered out of
 * order only widens the bounds. The rows are the same either way: the bounds hold every user of
 * the range. No day of the range has a bound: nobody registered then, and the bounds say so
 * (an empty id range).
 */
async function registrationIdBounds(
  db: Executor,
  filter: UsersFilter,
): Promise<{ idLow: number; idHigh: number }> {
  const utcDay = (at: Date) => at.toISOString().slice(0, 10);
  let q = db
    .selectFrom('end_users_registered_id_bounds')
    .select((eb) => [eb.fn.min('min_id').as('low'), eb.fn.max('max_id').as('high')]);
  if (filter.registeredAtFrom) q = q.where('day', '>=', utcDay(filter.registeredAtFrom));
  if (filter.registeredAtUntil) q = q.where('day', '<=', utcDay(filter.registeredAtUntil));
  const row = await q.executeTakeFirst();
  return row?.low == null || row.high == null
    ? { idLow: 1, idHigh: 0 }
    : { idLow: row.low, idHigh: row.high };
}

/**
 * Which card statuses a purchase range meets, over all users: `full` those whose every user's
 * total purchase is in it, `partial` those of which only some are.
 */
type StatusSpans = { full: number[]; partial: number[] };

/** True when the filter is a purchase range, card statuses, or both, and nothing else. */
function onlyAmountRangeAndCardStatus(filter: UsersFilter): boolean {
  return setFilterFields(filter).every(
    (field) =>
      field === 'cardStatus' ||
      field === 'totalBuyAmountMoreThanOrEqual' ||
      field === 'totalBuyAmountLessThanOrEqual',
  );
}

/**
 * For a filter that is a purchase range (with card statuses or not): the statuses the range
 * meets (StatusSpans), from each status's lowest and highest total purchase, two probes of
 * 0212's (card_status, total_buy_amount_usd, id) index each (48 buffers at 1M). Undefined for
 * any other filter, or bounds that are not amounts.
 */
async function amountStatusSpans(
  db: Executor,
  filter: UsersFilter,
): Promise<StatusSpans | undefined> {
  const min = filter.totalBuyAmountMoreThanOrEqual;
  const max = filter.totalBuyAmountLessThanOrEqual;
  if ((!min && !max) || !onlyAmountRangeAndCardStatus(filter)) return undefined;
  if ((min && !cents(min)) || (max && !cents(max))) return undefined;
  const { rows } = await sql<{ status: number; lo: string | null; hi: string | null }>`
    SELECT s.s AS status, b.lo, b.hi
    FROM unnest(${[...CARD_STATUSES]}::smallint[]) AS s(s)
    CROSS JOIN LATERAL (
      SELECT min(u.total_buy_amount_usd) AS lo, max(u.total_buy_amount_usd) AS hi
      FROM end_users u WHERE u.card_status = s.s
    ) AS b`.execute(db);
  const spans: StatusSpans = { full: [], partial: [] };
  for (const { status, lo, hi } of rows) {
    if (lo === null || hi === null) continue; // nobody has the status
    if ((min && compareDecimals(hi, min) < 0) || (max && compareDecimals(lo, max) > 0)) continue;
    const whole =
      (!min || compareDecimals(lo, min) >= 0) && (!max || compareDecimals(hi, max) <= 0);
    (whole ? spans.full : spans.partial).push(Number(status));
  }
  return spans;
}

/**
 * A purchase range (with card statuses or not) as the card statuses that hold such purchases
 * (issue 36). A card status is a band of total purchases, so a range sits in a few statuses:
 * sorted by card status, the walk of the (card_status, id) index passed every user of the
 * others first ("at most 10 USD" by card status descending: 607,679 users of statuses 6 to 1
 * at 1M, 1.6 s; 4 s at 5M), and a status filter the range never meets was counted entry by
 * entry. With the statuses it meets as the filter's, a walk in status order reads only theirs
 * (PostgreSQL walks an IN list on an index's first column in order). When the range holds each
 * of those statuses whole, it is those statuses alone, and their kept counts and indexes serve
 * it as a status filter. Undefined: no status meets it, nobody matches.
 */
function narrowToCardStatuses(filter: UsersFilter, spans: StatusSpans): UsersFilter | undefined {
  const asked: readonly number[] = filter.cardStatus?.length ? filter.cardStatus : CARD_STATUSES;
  const met = asked.filter((s) => spans.full.includes(s) || spans.partial.includes(s));
  if (met.length === 0) return undefined;
  if (met.every((s) => spans.full.includes(s))) {
    const {
      totalBuyAmountMoreThanOrEqual: _min,
      totalBuyAmountLessThanOrEqual: _max,
      ...rest
    } = filter;
    return { ...rest, cardStatus: met };
  }
  return { ...filter, cardStatus: met };
}

/** True when the totalBuy range is the filter's only condition. */
function onlyAmountRange(filter: UsersFilter): boolean {
  return (
    servedByBuckets(filter, USERS_COUNT_RULE, [
      'totalBuyAmountMoreThanOrEqual',
      'totalBuyAmountLessThanOrEqual',
    ]) && Boolean(filter.totalBuyAmountMoreThanOrEqual || filter.totalBuyAmountLessThanOrEqual)
  );
}

// The amount bands of migration 0018 (buy_usd_band_bucket): 100 USD wide, keyed by their lower
// bound in five digits; the band from 20,000 USD up is open-ended.
const BAND_WIDTH = 100n;
const TOP_BAND = 200n; // band number of the open-ended band (20,000 USD / 100)
const bandKey = (band: bigint): string => (band * BAND_WIDTH).toString().padStart(5, '0');

/** An amount in whole cents rounded down, and whether that is exact; undefined if malformed. */
function cents(amount: string): { cents: bigint; exact: boolean } | undefined {
  if (!/^\d+(\.\d+)?$/.test(amount)) return undefined;
  const { units, exact } = toUnits(amount, UNIT_SCALES.USD);
  return { cents: units, exact };
}

/**
 * Counts `min <= total_buy_amount_usd <= max` (either end open) as: the bands from the first one
 * starting at or above `min` through the one holding `max`, plus the users from `min` up to that
 * first band, minus the users of the last band above `max`. Both edge counts read a band from a
 * point to its end, never the band's lower bound, where totals pile up (most are sums of whole
 * plan prices: 100, 500, 2,000 USD), so each reads a few thousand index entries at most.
 */
async function countAmountRange(
  db: Executor,
  min: string | undefined,
  max: string | undefined,
): Promise<number | undefined> {
  const low = min === undefined ? undefined : cents(min);
  const high = max === undefined ? undefined : cents(max);
  if ((min !== undefined && !low) || (max !== undefined && !high)) return undefined;
  if (min !== undefined && max !== undefined && compareDecimals(min, max) > 0) return 0;
  const bandCents = BAND_WIDTH * 100n;
  // Inside the open top band only its own lower bound (20,000) starts a band.
  const minIsBandStart =
    low !== undefined &&
    low.exact &&
    low.cents % bandCents === 0n &&
    low.cents / bandCents <= TOP_BAND;
  // First band starting at or above min (TOP_BAND is the open top band; above it, none).
  const firstBand = low ? low.cents / bandCents + (minIsBandStart ? 0n : 1n) : 0n;
  // The band holding max (a band's lower bound belongs to it), or the open top band.
  const lastBand = high ? minBig(high.cents / bandCents, TOP_BAND) : TOP_BAND;
  const bandStart = (band: bigint) => (band * BAND_WIDTH).toString();
  const count = () => db.selectFrom('end_users as u').select((eb) => eb.fn.countAll().as('n'));
  let add;
  if (min !== undefined && !minIsBandStart) {
    add = count().where('u.total_buy_amount_usd', '>=', min);
    if (firstBand <= TOP_BAND) add = add.where('u.total_buy_amount_usd', '<', bandStart(firstBand));
  }
  let subtract;
  if (max !== undefined) {
    subtract = count().where('u.total_buy_amount_usd', '>', max);
    if (lastBand < TOP_BAND)
      subtract = subtract.where('u.total_buy_amount_usd', '<', bandStart(lastBand + 1n));
  }
  const keys = firstBand <= lastBand ? { from: bandKey(firstBand), to: bandKey(lastBand) } : null;
  return countFromBucketRange(db, countBuckets.end_users.buyUsdBands, keys, { add, subtract });
}

const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * Pages that end within this many rows (offset + limit) read their rows directly through the
 * sort index; deeper ones take the page's ids first from the index alone (index-only), then
 * read just those rows. At 1M users: page 1 costs 0.15 ms directly against 0.4–0.6 ms page
 * first (mostly planning), the two meet near row 500, and at row 100,000 the direct read takes
 * 70 ms against 14 ms.
 */
export const DIRECT_MAX_ROWS = 200;

/** The page sizes the users screen offers (the web app's PAGE_SIZES). */
const FIRST_PAGE_LIMITS: ReadonlySet<number> = new Set([20, 50, 100]);

/**
 * Exact count: from maintained buckets when only cardStatus filters, when the totalBuy range
 * is the only filter (whole amount bands, the edge bands by index) or when the registration
 * range is (whole business days from the registered_day buckets of 0050/0150, the edge days by the
 * registered_at index), else by index.
 */
export async function countUsers(
  db: Executor,
  filter: UsersFilter,
  spans?: StatusSpans,
): Promise<number> {
  const prefix = shortPrefixBucket(filter);
  if (prefix) return countFromBuckets(db, 'end_users', [prefix]);
  if (
    spans &&
    filter.cardStatus?.length &&
    (filter.totalBuyAmountMoreThanOrEqual || filter.totalBuyAmountLessThanOrEqual) &&
    onlyAmountRangeAndCardStatus(filter)
  ) {
    // A purchase range narrowed to its statuses (narrowToCardStatuses) that keeps statuses only
    // part of whose users it holds. The statuses it holds whole are their kept counts; when the
    // filter keeps every such partial status, their part is the range's count (amount bands)
    // less the whole statuses' users: at most one or two statuses meet a range's ends, since a
    // status is a band of purchases. 225,748 index entries for "at most 10 USD" in status 0 at
    // 1M otherwise.
    const kept = (statuses: readonly number[]) =>
      statuses.length === 0
        ? Promise.resolve(0)
        : countFromBuckets(db, 'end_users', statuses.map(countBuckets.end_users.cardStatus));
    const statuses = filter.cardStatus;
    if (spans.partial.every((s) => statuses.includes(s))) {
      const [range, wholeIn, wholeAll] = await Promise.all([
        countAmountRange(
          db,
          filter.totalBuyAmountMoreThanOrEqual,
          filter.totalBuyAmountLessThanOrEqual,
        ),
        kept(spans.full.filter((s) => statuses.includes(s))),
        kept(spans.full),
      ]);
      if (range !== undefined) return wholeIn + range - wholeAll;
    }
  }
  if (onlyCardStatus(filter)) {
    const buckets = filter.cardStatus?.length
      ? filter.cardStatus.map(countBuckets.end_users.cardStatus)
      : [countBuckets.end_users.all];
    return countFromBuckets(db, 'end_users', buckets);
  }
  if (onlyAmountRange(filter)) {
    const count = await countAmountRange(
      db,
      filter.totalBuyAmountMoreThanOrEqual,
      filter.totalBuyAmountLessThanOrEqual,
    );
    if (count !== undefined) return count;
  }
  if (onlyRegistrationRange(filter)) {
    const count = await countFromDayBuckets(
      db,
      countBuckets.end_users.registeredDays,
      { from: filter.registeredAtFrom, until: filter.registeredAtUntil },
      (low, high, lowInclusive) =>
        db
          .selectFrom('end_users as u')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('u.registered_at', lowInclusive ? '>=' : '>', low)
          .where('u.registered_at', '<', high),
      await businessClockZone(db),
    );
    if (count !== undefined) return count;
  }
  const row = await applyFilter(db.selectFrom('end_users as u'), filter)
    .select((eb: ExpressionBuilder<DB & { u: DB['end_users'] }, 'u'>) =>
      eb.fn.countAll<string>().as('n'),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** General info of one user, with the derived totals of the user asset section. */
export async function findUserDetail(db: Executor, userId: number) {
  return db
    .selectFrom('end_users as u')
    .leftJoin('end_user_details as d', 'd.end_user_id', 'u.id')
    .leftJoin('end_users as p', 'p.id', 'u.parent_id')
    .selectAll('u')
    .select([
      'd.avatar_url as avatarUrl',
      'd.phone_number as phoneNumber',
      'd.two_factor as twoFactor',
      'd.bio',
      'd.default_locale as defaultLocale',
      'p.user_name as parentUserName',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** User asset: stored totals plus reward sums by kind and coin (one user's rows, by index). */
export async function findUserAsset(db: Executor, userId: number) {
  const [user, rewards] = await Promise.all([
    db
      .selectFrom('end_users')
      .select([
        'total_buy_amount_usd as totalBuyAmountUsd',
        'total_eth_amount as totalETHAmount',
        'total_hec_amount as totalHECAmount',
        'total_eth_staked_amount as totalETHStakedAmount',
        'total_hec_staked_amount as totalHECStakedAmount',
      ])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('reward_entries')
      .select(['kind', 'coin_type as coinType', (eb) => eb.fn.sum<string>('amount').as('amount')])
      .where('end_user_id', '=', userId)
      .groupBy(['kind', 'coin_type'])
      .execute(),
  ]);
  return user ? { ...user, rewards } : undefined;
}

/** Coin-saving section: principal and rewards per plan of one user. */
export async function findUserSavingDetail(db: Executor, userId: number) {
  return db
    .selectFrom('staking_positions as s')
    .innerJoin('saving_plans as p', 'p.id', 's.saving_plan_id')
    .select([
      'p.id as planId',
      'p.name as planName',
      'p.reward_rate as rate',
      's.coin_type as coinType',
      's.current_balance as principal',
      's.aube_reward as rewards',
    ])
    .where('s.end_user_id', '=', userId)
    .orderBy('p.id')
    .execute();
}

/** Staking info section of one user. */
export async function findUserStakingInfo(db: Executor, userId: number) {
  return db
    .selectFrom('staking_positions')
    .select([
      'saving_plan_id as planId',
      'coin_type as coinType',
      'current_balance as currentBalance',
      'deposited_aube as depositedAube',
      'aube_reward as aubeReward',
      'owl_reward as owlReward',
      'aube_rate as aubeRate',
      'owl_rate as owlRate',
      'wallet_address as walletAddress',
    ])
    .where('end_user_id', '=', userId)
    .orderBy('saving_plan_id')
    .execute();
}

/** Reward snapshot of one user for one reward date (and optionally one plan). */
export async function findUserRewardSnapshot(
  db: Executor,
  userId: number,
  rewardDate: string,
  planId?: number,
) {
  let q = db
    .selectFrom('reward_snapshots as r')
    .innerJoin('saving_plans as p', 'p.id', 'r.saving_plan_id')
    .selectAll('r')
    .select('p.name as plan')
    .where('r.end_user_id', '=', userId)
    .where('r.reward_date', '=', sql<Date>`${rewardDate}::date`);
  if (planId !== undefined) q = q.where('r.saving_plan_id', '=', planId);
  return q.orderBy('r.saving_plan_id').execute();
}

/** Light users list for pickers: id and userName, by name, with the exact count. */
export async function listUserNames(
  db: Executor,
  filter: { userName?: string | undefined },
  pagination: PageRequest<'userName' | 'id'>,
): Promise<Page<{ id: number; userName: string }>> {
  const direction = pagination.sort?.orderBy ?? 'asc';
  let query = applyFilter(db.selectFrom('end_users as u'), { userName: filter.userName });
  // By name, a prefix is one range of the "C" key index (0020), read in order: only the page.
  query =
    pagination.sort?.target === 'id'
      ? query.orderBy('u.id', direction)
      : query.orderBy(userNameKey('u'), direction);
  const [rows, totalRecords] = await Promise.all([
    query
      .select(['u.id', 'u.user_name as userName'])
      .limit(pagination.limit)
      .offset(pagination.offset)
      .execute(),
    countUsers(db, { userName: filter.userName }),
  ]);
  return { rows, totalRecords };
}

/** Purchase plans, by id. */
export async function listPlans(db: Executor) {
  return db
    .selectFrom('plans')
    .select(['id', 'name', 'description', 'price_usd as price', 'coin_type as coinType'])
    .orderBy('id')
    .execute();
}

/** Coin-saving plans (1, 2, 3 and 5 years), by id. */
export async function listSavingPlans(db: Executor) {
  return db
    .selectFrom('saving_plans')
    .select(['id', 'name', 'term_years as termYears', 'reward_rate as rewardRate'])
    .orderBy('id')
    .execute();
}

/**
 * Whether an end user with this id exists: per-user lists of other modules ask it beside their
 * page, so a user without records is told apart from an unknown one.
 */
export async function endUserExists(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('end_users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest reward date with a snapshot for a user (the reward-snapshot default). */
export async function findLatestRewardDate(
  db: Executor,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('reward_snapshots')
    .select(sql<string>`to_char(max(reward_date), 'YYYY-MM-DD')`.as('rewardDate'))
    .where('end_user_id', '=', userId)
    .executeTakeFirst();
  return row?.rewardDate ?? undefined;
}

/** Rates and stored referral-plan totals of one user (user detail, referral plan section). */
export async function findUserReferralPlanTotals(db: Executor, userId: number) {
  return db
    .selectFrom('end_users')
    .select([
      'id',
      'card_status as cardStatus',
      'saving_rewards_rate as savingRewardsRate',
      'referral_rate as referralRate',
      'affiliate_sent_hec as totalRemittedHec',
      'affiliate_usd_valuation as totalUsdValuation',
      'affiliate_hec_principal as totalHecPrincipal',
      'affiliate_atem_principal as totalAtemAmount',
      'total_interest_rewards as rewardsBasedOnInterest',
      'total_referral_rewards as referralRewards',
      'total_bonus_rewards as bonusRewards',
      'affiliate_remittance_count as numberOfRemittances',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The users list without paging, for its CSV export (issue 13): the same filters and the same
 * order as the list (the sort key, then id), every matching user.
 */
export function usersExportQuery(
  db: Executor,
  filter: UsersFilter,
  sort: { target: UsersSortTarget; orderBy: 'asc' | 'desc' },
) {
  const sortKey =
    sort.target === 'userName' || sort.target === 'email'
      ? LOWERED_SORTS[sort.target]
      : sql.ref(SORT_COLUMNS[sort.target]);
  let query = applyFilter(db.selectFrom('end_users as u'), filter)
    .leftJoin('end_user_details as d', 'd.end_user_id', 'u.id')
    .select(USER_LIST_COLUMNS)
    .orderBy(sortKey, sort.orderBy);
  if (!TIE_FREE_SORTS.has(sort.target)) query = query.orderBy('u.id', sort.orderBy);
  return query;
}
