import {
  businessDate,
  CONTACT_STATUSES,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatUnits,
  mulUnits,
  PAYMENT_STATUSES,
  pow10,
  toUnits,
  WITHDRAWAL_STATUSES,
  type WithdrawalKind,
} from '@app/shared';
import {
  countBuckets,
  type Bucket,
  type BucketRange,
  type BucketRelation,
} from '../../db/count-buckets';
import { amountBand } from '../../db/amount-bands';
import { esc, isoDate, line, NULL, opt, ts } from './copy-text';
import { BTC, COIN, RATE, USD } from './fixed-point';
import {
  CONTACT_TITLES_EN,
  CONTACT_TITLES_JA,
  EMAIL_DOMAINS,
  EN_FIRST,
  EN_LAST,
  JA_FAMILY,
  JA_GIVEN,
  NOTIFICATION_TITLES,
} from './names';
import { Prng } from './prng';
import type { PopulationTable, RowSink } from './tables';

type PopulationOptions = {
  users: number;
  seed: number;
  /** Average payments per user (the benchmark size is 5 per user). */
  paymentsPerUser?: number;
  /** Admin ids that support inquiries may be assigned to. */
  adminIds?: readonly number[];
  onProgress?: (usersDone: number, rowsWritten: number) => void;
  /** The zone asset_stats_daily counts payments' days in (business_clock, migration 0150). */
  businessTimeZone?: string | undefined;
  /**
   * The population's "now" (epoch ms, `POPULATION_END` moved by whole hours; default
   * `POPULATION_END`, which the benchmark databases keep): every date moves with it.
   */
  end?: number | undefined;
  /**
   * The demo's live edge (issue 26): the newest users registered in the last 50 minutes before
   * `end`, waiting withdrawals requested in its last three days and nothing dated after it,
   * so a first dashboard, "today" and the 24-hour queues show activity. Off for the
   * benchmark sizes, whose rows stay as they were generated.
   */
  live?: boolean | undefined;
};

export type PopulationSummary = {
  users: number;
  rows: Record<string, number>;
  totalRows: number;
  widestUserId: number;
  deepestUserId: number;
  maxDepth: number;
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo's newest users register in this last stretch before its end (`live`). */
const LIVE_NEW_MS = 50 * 60_000;
/**
 * A fixed "now" keeps the population identical whenever it is generated (the benchmark sizes);
 * the demo moves it to the day it is generated (`PopulationOptions.end`, `demoPopulationEnd`).
 */
export const POPULATION_END = Date.UTC(2026, 10, 1);
const POPULATION_START = Date.UTC(2024, 10, 1);
const MAX_DEPTH = 29; // levels 0..29: trees of at most 30 levels
const MONTHS = 24;

const PLANS = [
  { id: 1, name: 'ETH Starter', priceCents: 10_000n, coin: 'ETH' },
  { id: 2, name: 'ETH Standard', priceCents: 50_000n, coin: 'ETH' },
  { id: 3, name: 'ETH Premium', priceCents: 200_000n, coin: 'ETH' },
  { id: 4, name: 'HEC Starter', priceCents: 10_000n, coin: 'HEC' },
  { id: 5, name: 'HEC Standard', priceCents: 50_000n, coin: 'HEC' },
  { id: 6, name: 'HEC Premium', priceCents: 200_000n, coin: 'HEC' },
] as const;
const PLAN_WEIGHTS = [30, 15, 5, 30, 15, 5];
// Whales (see cardStatusFor's top band): only the premium plans, 18 payments or more; at 82%
// confirmed or asset-fixed, 10 of them ($20,000) confirm with near certainty.
const WHALE_EVERY = 250;
const WHALE_PAYMENTS = 18;
const WHALE_PLAN_WEIGHTS = [0, 0, 1, 0, 0, 1];
// saving_plans ids 1..4 = 1, 2, 3, 5 years (migration 0010).
const SAVING_PLAN_IDS = [1, 2, 3, 4] as const;
const SAVING_TERM_YEARS = [1, 2, 3, 5] as const;
const SAVING_RATES = ['0.05', '0.08', '0.1', '0.15'] as const;
const SAVING_WEIGHTS = [40, 30, 20, 10];

// requested, approved, processing, completed, failed, rejected
const WITHDRAWAL_STATUS_WEIGHTS = [20, 6, 9, 45, 8, 12];
const REJECT_REASONS = [
  'Receiver address does not match the registered wallet',
  '出金先アドレスが登録済みのものと一致しません',
  'Duplicate request',
  'KYC not completed',
];
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

type MonthRate = {
  id: number;
  from: number;
  until: number;
  deadline: number;
  btcHec: bigint;
  btcEth: bigint;
};

/** Running sums per table and bucket that the loader writes to row_counts. */
class Counts {
  readonly map = new Map<string, number>();
  add<R extends BucketRelation>(relation: R, ...buckets: Bucket<R>[]): void {
    for (const b of buckets) this.bump(`${relation}\u0000${b}`);
  }
  /** Adds one to a key made by `key()`; the hot loops reuse their keys. */
  bump(key: string): void {
    this.map.set(key, (this.map.get(key) ?? 0) + 1);
  }
}

// Bucket keys come from db/count-buckets.ts, the spelling the repositories count with.
const key = <R extends BucketRelation>(relation: R, bucket: Bucket<R>): string =>
  `${relation}\u0000${bucket}`;
const PAYMENT_KEYS: Record<string, string> = Object.fromEntries(
  PAYMENT_STATUSES.map((s) => [s, key('payments', countBuckets.payments.status(s))]),
);
const PAYMENTS_ALL = key('payments', countBuckets.payments.all);
const SAVING_REMITTANCES_ALL = key('saving_remittances', countBuckets.saving_remittances.all);
const SAVING_REMITTANCE_PLAN_KEYS = new Map(
  SAVING_PLAN_IDS.map((planId) => [
    planId,
    key('saving_remittances', countBuckets.saving_remittances.plan(planId)),
  ]),
);
const AFFILIATE_REMITTER = key('end_users', countBuckets.end_users.affiliateRemitter);

/**
 * Keys of the day buckets of migration 0018 (`confirmed_day:2026-03-01`), one string per UTC day
 * made once: the payment loop only divides and looks up.
 */
class DayKeys {
  private readonly keys = new Map<number, string>();
  constructor(private readonly days: BucketRange<'payments'>) {}
  of(ms: number): string {
    const day = Math.floor(ms / DAY);
    let k = this.keys.get(day);
    if (k === undefined) {
      k = key('payments', `${this.days.prefix}${isoDate(day * DAY)}` as Bucket<'payments'>);
      this.keys.set(day, k);
    }
    return k;
  }
}

// Amount bands of migration 0018 (buy_usd_band_bucket): 100 USD = 10,000 cents wide, keyed by
// the lower bound in five digits; the last band (20,000 USD and more) is open-ended.
const BUY_BAND_KEYS = Array.from({ length: 201 }, (_, band) =>
  key('end_users', countBuckets.end_users.buyUsdBand(band * 100)),
);
function buyBandKey(buyCents: bigint): string {
  const band = buyCents / 10_000n;
  return BUY_BAND_KEYS[band > 200n ? 200 : Number(band)] as string;
}

// Purchase ranges of migration 0050 (buy_range_index), in cents: 0, below 100 USD, 500, 1,000,
// 5,000, 10,000 and more.
function buyRangeIndex(buyCents: bigint): number {
  if (buyCents <= 0n) return 0;
  const bounds = [10_000n, 50_000n, 100_000n, 500_000n, 1_000_000n];
  const i = bounds.findIndex((b) => buyCents < b);
  return i === -1 ? 6 : i + 1;
}

/**
 * Asset statistics per day: 10 sums in the column order of asset_stats_daily. Rewards count on
 * their reward_date (`add`), payments on the business day of an instant (`addAt`, as 0150's
 * business_day()).
 */
class DailyStats {
  readonly days = new Map<number, bigint[]>();
  /** Business day numbers per quarter hour (every zone's offset is a multiple of 15 minutes). */
  private readonly quarters = new Map<number, number>();
  constructor(private readonly timeZone: string) {}
  addAt(ms: number, index: number, amount: bigint): void {
    const quarter = Math.floor(ms / 900_000);
    let day = this.quarters.get(quarter);
    if (day === undefined) {
      day = Date.parse(`${businessDate(quarter * 900_000, this.timeZone)}T00:00:00.000Z`) / DAY;
      this.quarters.set(quarter, day);
    }
    this.add(day * DAY, index, amount);
  }
  add(ms: number, index: number, amount: bigint): void {
    const day = Math.floor(ms / DAY);
    let row = this.days.get(day);
    if (!row) {
      row = [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n];
      this.days.set(day, row);
    }
    row[index] = (row[index] ?? 0n) + amount;
  }
}

function mixSeed(seed: number, id: number): number {
  let h = Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(id, 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  return h >>> 0;
}

/** Random coin amount with full 18 decimals, between min and max whole coins. */
function coin(rng: Prng, min: number, max: number): bigint {
  return BigInt(rng.range(min, max)) * pow10(COIN) + rng.bigint(pow10(COIN));
}

function monthStart(m: number): number {
  return Date.UTC(2024, 10 + m, 1);
}

function monthIndex(ms: number): number {
  const d = new Date(ms);
  return (d.getUTCFullYear() - 2024) * 12 + d.getUTCMonth() - 10;
}

function cardStatusFor(buyCents: bigint): number {
  const usd = buyCents / 100n;
  if (usd < 500n) return 0;
  if (usd < 1_000n) return 1;
  if (usd < 2_500n) return 2;
  if (usd < 5_000n) return 3;
  if (usd < 10_000n) return 4;
  if (usd < 20_000n) return 5;
  return 6;
}

/** Builds the referral forest: parents always register before children (smaller id). */
function buildTree(n: number, rng: Prng) {
  const parent = new Int32Array(n + 1);
  const depth = new Uint8Array(n + 1);
  const children = new Int32Array(n + 1);
  const descendants = new Int32Array(n + 1);
  // A few very wide nodes (influencers), the first much wider than the others.
  const hubs = [1, 2, 3, 5, 8].filter((h) => h <= n);
  const hubWeights = [50, 20, 15, 10, 5].slice(0, hubs.length);
  // Deep chains: every `chainStep`-th user extends the current chain, so trees of 30 levels
  // exist at every size.
  const chainStep = Math.max(2, Math.floor(n / 300));
  let chainTip = 0;
  for (let i = 2; i <= n; i++) {
    let p = 0;
    const r = rng.next();
    if (i % chainStep === 0) {
      p = chainTip !== 0 && (depth[chainTip] ?? 0) < MAX_DEPTH ? chainTip : 1 + rng.int(i - 1);
      chainTip = i;
    } else if (r < 0.1) {
      p = 0;
    } else if (r < 0.16 && hubs.length > 0) {
      p = rng.weighted(hubs, hubWeights);
    } else {
      p = 1 + rng.int(i - 1);
    }
    if (p >= i) p = 1 + rng.int(i - 1);
    while (p !== 0 && (depth[p] ?? 0) >= MAX_DEPTH) p = parent[p] ?? 0;
    parent[i] = p;
    depth[i] = p === 0 ? 0 : (depth[p] ?? 0) + 1;
  }
  for (let i = n; i >= 2; i--) {
    const p = parent[i] ?? 0;
    if (p !== 0) {
      children[p] = (children[p] ?? 0) + 1;
      descendants[p] = (descendants[p] ?? 0) + 1 + (descendants[i] ?? 0);
    }
  }
  return { parent, depth, children, descendants };
}

/**
 * Generates the whole population into `sink`, deterministically from `seed`. Every derived
 * total written on end_users equals the sum of the records written for it; row_counts and
 * asset_stats_daily are written too, so the loader can run with the domain triggers off.
 */
export async function generatePopulation(
  options: PopulationOptions,
  sink: RowSink,
): Promise<PopulationSummary> {
  const n = options.users;
  const seed = options.seed;
  const paymentsPerUser = options.paymentsPerUser ?? 5;
  const adminIds = options.adminIds ?? [];
  const globalRng = new Prng(seed, 0x7fffffff);
  const rows: Record<string, number> = {};
  let totalRows = 0;
  const emit = (table: PopulationTable, fields: string[]): void => {
    sink.write(table, line(fields));
    rows[table] = (rows[table] ?? 0) + 1;
    totalRows++;
  };
  const counts = new Counts();
  const confirmedDays = new DayKeys(countBuckets.payments.confirmedDays);
  const assetFixedDays = new DayKeys(countBuckets.payments.assetFixedDays);
  const businessTimeZone = options.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  // The population's "now": every date is relative to it, so another end moves every date by
  // the same whole days and changes nothing else.
  const END = options.end ?? POPULATION_END;
  const SHIFT = END - POPULATION_END;
  if (!Number.isInteger(SHIFT / HOUR)) throw new Error('The population must end on a whole hour');
  const START = POPULATION_START + SHIFT;
  const monthAt = (m: number): number => monthStart(m) + SHIFT;
  const monthOf = (ms: number): number => monthIndex(ms - SHIFT);
  const live = options.live ?? false;
  const liveNew = live ? Math.min(n, Math.max(5, Math.ceil(n / 200))) : 0;
  const daily = new DailyStats(businessTimeZone);
  // Smallest and largest user id per UTC registration day (migration 0155's bounds).
  const idBounds = new Map<number, [number, number]>();

  // Reference data: purchase plans and the monthly rate assignments.
  for (const p of PLANS) {
    emit('plans', [
      String(p.id),
      p.name,
      `${p.coin} purchase plan, ${formatUnits(p.priceCents, USD)} USD`,
      formatUnits(p.priceCents, USD),
      p.coin,
    ]);
  }
  const rates: MonthRate[] = [];
  for (let m = 0; m < MONTHS; m++) {
    const from = monthAt(m);
    const until = monthAt(m + 1);
    const rate: MonthRate = {
      id: m + 1,
      from,
      until,
      deadline: until + 3 * DAY,
      btcHec:
        BigInt(globalRng.range(300_000, 600_000)) * pow10(RATE) + globalRng.bigint(pow10(RATE)),
      btcEth: BigInt(globalRng.range(15, 30)) * pow10(RATE) + globalRng.bigint(pow10(RATE)),
    };
    rates.push(rate);
  }
  // The last month is not fixed yet: its deadline lies after the population's "now".
  const fixedRates = rates.filter((r) => r.deadline < END);
  const rateCounts = new Map<number, number>();

  const tree = buildTree(n, globalRng);
  let widestUserId = 1;
  let deepestUserId = 1;
  let maxDepth = 0;
  for (let i = 1; i <= n; i++) {
    if ((tree.children[i] ?? 0) > (tree.children[widestUserId] ?? 0)) widestUserId = i;
    if ((tree.depth[i] ?? 0) > maxDepth) {
      maxDepth = tree.depth[i] ?? 0;
      deepestUserId = i;
    }
  }

  // Ids of child rows, assigned in emission order.
  const ids = {
    payment: 0,
    address: 0,
    saving: 0,
    affiliate: 0,
    reward: 0,
    snapshot: 0,
    staking: 0,
    withdrawal: 0,
    contact: 0,
    file: 0,
    mail: 0,
  };
  // Sums a user hands up to its parent (processed later: users go from the last id down).
  const pendingReferral = new Map<number, bigint>();
  const pendingSubtreeBuy = new Map<number, bigint>();
  const pendingSubtreeAff = new Map<number, bigint>();
  // The first requests of each kind walk through every status, so even a small population
  // has withdrawals of all eight kinds in every state.
  const kindSeen = new Map<string, number>();
  const pickWithdrawalStatus = (rng: Prng, kind: string): (typeof WITHDRAWAL_STATUSES)[number] => {
    const seen = kindSeen.get(kind) ?? 0;
    kindSeen.set(kind, seen + 1);
    if (seen < WITHDRAWAL_STATUSES.length)
      return WITHDRAWAL_STATUSES[seen] as (typeof WITHDRAWAL_STATUSES)[number];
    return rng.weighted(WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_WEIGHTS);
  };
  let contactSeen = 0;

  const notificationCount = 30;
  for (let k = 1; k <= notificationCount; k++) {
    const [ja, en] = NOTIFICATION_TITLES[k % NOTIFICATION_TITLES.length] as readonly [
      string,
      string,
    ];
    const language = k % 3 === 0 ? 'en' : 'ja';
    const at = END - (notificationCount - k) * 20 * DAY;
    emit('notifications', [
      String(k),
      language === 'ja' ? `${ja} (${k})` : `${en} (${k})`,
      esc(
        language === 'ja'
          ? `${ja}\n詳細はお知らせページをご覧ください。`
          : `${en}\nSee the notice page for details.`,
      ),
      language,
      k % 4 === 0 ? 'f' : 't',
      ts(at),
      ts(at - DAY),
      ts(at - DAY),
    ]);
  }

  const hecUsdCents = (rng: Prng): bigint =>
    BigInt(rng.range(2, 20)) * pow10(RATE - 2) + rng.bigint(pow10(RATE - 2));

  for (let id = n; id >= 1; id--) {
    const rng = new Prng(mixSeed(seed, id), id);
    const parentId = tree.parent[id] ?? 0;
    const depth = tree.depth[id] ?? 0;
    // Users register in id order over two years, the last 30 days left to their activity; in
    // the live demo the newest ones register just before its end (new users "today").
    const registeredAt =
      id > n - liveNew
        ? END -
          LIVE_NEW_MS +
          Math.floor(((id - (n - liveNew) - 1 + rng.next()) / liveNew) * LIVE_NEW_MS)
        : START + Math.floor(((id - 1 + rng.next()) / n) * (END - START - 30 * DAY));
    const registeredUtcDay = Math.floor(registeredAt / DAY);
    const bound = idBounds.get(registeredUtcDay);
    if (bound) {
      bound[0] = Math.min(bound[0], id);
      bound[1] = Math.max(bound[1], id);
    } else idBounds.set(registeredUtcDay, [id, id]);
    const japanese = rng.chance(0.7);
    let firstName: string;
    let lastName: string;
    let handle: string;
    if (japanese) {
      const [gr, gk] = rng.pick(JA_GIVEN);
      const [fr, fk] = rng.pick(JA_FAMILY);
      firstName = rng.chance(0.6) ? gk : gr;
      lastName = firstName === gk ? fk : fr;
      handle = `${gr}_${fr}`.toLowerCase();
    } else {
      firstName = rng.pick(EN_FIRST);
      lastName = rng.pick(EN_LAST);
      handle = `${firstName}${rng.chance(0.5) ? '.' : '_'}${lastName}`.toLowerCase();
    }
    const userName = `${handle}${id}`;
    const email = `${handle}${id}@${rng.pick(EMAIL_DOMAINS)}`;
    const locale = japanese ? (rng.chance(0.9) ? 'ja' : 'en') : rng.chance(0.95) ? 'en' : 'ja';
    const span = END - registeredAt;
    const at = (from: number, within: number): number =>
      Math.min(END - 1, from + Math.floor(rng.next() * within));

    let buyCents = 0n;
    let ethAmount = 0n;
    let hecAmount = 0n;
    let ethStaked = 0n;
    let hecStaked = 0n;
    let sentHec = 0n;
    let owl = 0n;
    let paymentCount = 0;
    let affCount = 0;
    let affSent = 0n;
    let affHec = 0n;
    let affAtem = 0n;
    let affUsdCents = 0n;
    let interest = 0n;
    let bonus = 0n;
    const referral = pendingReferral.get(id) ?? 0n;
    pendingReferral.delete(id);

    // Payments.
    // floor() of an exponential loses half a unit on average, hence the + 0.5.
    const ordinaryTotal = rng.chance(0.2) ? 0 : 1 + rng.count(paymentsPerUser / 0.8 - 0.5);
    // One user in WHALE_EVERY buys premium plans many times over, so that the top card
    // status (6, Black: $20,000 or more) exists at every size, the demo's 2,000 users too.
    // Chosen by id, not by a draw, so every other user's data stays as it was.
    const whale = id % WHALE_EVERY === WHALE_EVERY / 2;
    const paymentTotal = whale ? WHALE_PAYMENTS + ordinaryTotal : ordinaryTotal;
    const fixedPayments: Array<{
      id: number;
      ethUnits: bigint;
      hecUnits: bigint;
      fixedAt: number;
    }> = [];
    for (let k = 0; k < paymentTotal; k++) {
      const plan = rng.weighted(PLANS, whale ? WHALE_PLAN_WEIGHTS : PLAN_WEIGHTS);
      const paymentId = ++ids.payment;
      const createdAt = at(registeredAt, span);
      let status = rng.weighted(PAYMENT_STATUSES, [8, 10, 72, 10]);
      const confirmedAt = at(createdAt, 2 * DAY);
      const month = monthOf(confirmedAt);
      const rate = fixedRates[month];
      if (status === 'asset_fixed' && !rate) status = 'confirmed';
      const canceledFromPending = status === 'canceled' && rng.chance(0.5);
      const paidCents = rng.chance(0.9)
        ? plan.priceCents
        : plan.priceCents - BigInt(rng.range(1, 500));
      const btcUsd = BigInt(rng.range(60_000, 100_000));
      const paidSats = (paidCents * pow10(BTC)) / (btcUsd * 100n) + 1n;
      let ethUnits: bigint | null = null;
      let hecUnits: bigint | null = null;
      if (status === 'asset_fixed' && rate) {
        ethUnits = plan.coin === 'ETH' ? mulUnits(paidSats, BTC, rate.btcEth, RATE, COIN) : 0n;
        hecUnits = plan.coin === 'HEC' ? mulUnits(paidSats, BTC, rate.btcHec, RATE, COIN) : 0n;
        ethAmount += ethUnits;
        hecAmount += hecUnits;
        rateCounts.set(rate.id, (rateCounts.get(rate.id) ?? 0) + 1);
        daily.addAt(rate.deadline, 0, ethUnits);
        daily.addAt(rate.deadline, 1, hecUnits);
        fixedPayments.push({ id: paymentId, ethUnits, hecUnits, fixedAt: rate.deadline });
      }
      if (status === 'confirmed' || status === 'asset_fixed') {
        buyCents += paidCents;
        daily.addAt(confirmedAt, 8, paidCents);
      }
      paymentCount++;
      counts.bump(PAYMENTS_ALL);
      counts.bump(PAYMENT_KEYS[status] as string);
      // The same conditions as the confirmed_at and asset_fixed_at columns written below.
      if (!(status === 'pending' || canceledFromPending))
        counts.bump(confirmedDays.of(confirmedAt));
      if (status === 'asset_fixed' && rate) counts.bump(assetFixedDays.of(rate.deadline));
      let address = 'bc1q';
      for (let c = 0; c < 38; c++) address += BECH32[rng.int(32)];
      emit('payments', [
        String(paymentId),
        String(id),
        String(plan.id),
        formatUnits(plan.priceCents, USD),
        formatUnits(paidCents, USD),
        formatUnits(paidSats, BTC),
        address,
        status,
        ts(createdAt),
        status === 'pending' || canceledFromPending ? NULL : ts(confirmedAt),
        status === 'canceled'
          ? ts(at(canceledFromPending ? createdAt : confirmedAt, 3 * DAY))
          : NULL,
        status === 'asset_fixed' && rate ? ts(rate.deadline) : NULL,
        status === 'asset_fixed' && rate ? String(rate.id) : NULL,
        status === 'asset_fixed' && rate ? formatUnits(rate.btcEth, RATE) : NULL,
        status === 'asset_fixed' && rate ? formatUnits(rate.btcHec, RATE) : NULL,
        ethUnits === null ? NULL : formatUnits(ethUnits, COIN),
        hecUnits === null ? NULL : formatUnits(hecUnits, COIN),
      ]);
    }

    // Coin saving: addresses for all four plans, remittances, staking, snapshots, rewards.
    const savingRemittances: Array<{ id: number; sent: bigint; at: number }> = [];
    if (rng.chance(0.25)) {
      const generatedAt = at(registeredAt, Math.min(span, 30 * DAY));
      const addressIds: number[] = [];
      for (const planId of SAVING_PLAN_IDS) {
        const addressId = ++ids.address;
        addressIds.push(addressId);
        counts.add(
          'saving_deposit_addresses',
          countBuckets.saving_deposit_addresses.all,
          countBuckets.saving_deposit_addresses.plan(planId),
        );
        emit('saving_deposit_addresses', [
          String(addressId),
          String(id),
          String(planId),
          `0x${rng.hex(40)}`,
          ts(generatedAt),
        ]);
      }
      const byPlan = new Map<number, { principal: bigint; first: number }>();
      const remittanceCount = 1 + rng.count(1.5);
      for (let k = 0; k < remittanceCount; k++) {
        const planIndex = SAVING_PLAN_IDS.indexOf(rng.weighted(SAVING_PLAN_IDS, SAVING_WEIGHTS));
        const planId = SAVING_PLAN_IDS[planIndex] ?? 1;
        const sent = coin(rng, 100, 50_000);
        const confirmedAt = at(generatedAt, END - generatedAt);
        const remittanceId = ++ids.saving;
        sentHec += sent;
        savingRemittances.push({ id: remittanceId, sent, at: confirmedAt });
        const entry = byPlan.get(planId) ?? { principal: 0n, first: confirmedAt };
        entry.principal += sent;
        entry.first = Math.min(entry.first, confirmedAt);
        byPlan.set(planId, entry);
        counts.bump(SAVING_REMITTANCES_ALL);
        counts.bump(SAVING_REMITTANCE_PLAN_KEYS.get(planId) as string);
        emit('saving_remittances', [
          String(remittanceId),
          String(id),
          String(planId),
          String(addressIds[planIndex] ?? addressIds[0]),
          formatUnits(sent, COIN),
          formatUnits(mulUnits(sent, COIN, hecUsdCents(rng), RATE, USD), USD),
          `0x${rng.hex(64)}`,
          ts(confirmedAt),
        ]);
      }
      for (const [planId, { principal, first }] of byPlan) {
        const planIndex = planId - 1;
        const rateText = SAVING_RATES[planIndex] ?? '0.05';
        const rateUnits = toUnits(rateText, RATE).units;
        const aubeReward = mulUnits(principal, COIN, rateUnits, RATE, COIN) / 12n;
        const owlRate = BigInt(rng.range(1, 50)) * pow10(RATE - 3);
        const owlReward = mulUnits(aubeReward, COIN, owlRate, RATE, COIN);
        hecStaked += principal;
        ids.staking++;
        emit('staking_positions', [
          String(ids.staking),
          String(id),
          String(planId),
          'HEC',
          formatUnits(principal, COIN),
          formatUnits(principal, COIN),
          formatUnits(aubeReward, COIN),
          formatUnits(owlReward, COIN),
          rateText,
          formatUnits(owlRate, RATE),
          `0x${rng.hex(40)}`,
        ]);
        if (rng.chance(0.1)) {
          const ethBalance = coin(rng, 0, 10);
          ethStaked += ethBalance;
          ids.staking++;
          emit('staking_positions', [
            String(ids.staking),
            String(id),
            String(planId),
            'ETH',
            formatUnits(ethBalance, COIN),
            formatUnits(ethBalance, COIN),
            '0',
            '0',
            rateText,
            '0',
            `0x${rng.hex(40)}`,
          ]);
        }
        // Monthly reward snapshots after the first remittance, the latest four at most.
        const firstMonth = monthOf(first) + 1;
        const lastMonth = monthOf(END - 1);
        const termMs = (SAVING_TERM_YEARS[planIndex] ?? 1) * 365 * DAY;
        for (let m = Math.max(firstMonth, lastMonth - 3); m <= lastMonth; m++) {
          const rewardDay = monthAt(m);
          const tierRate = BigInt(rng.range(0, 6)) * pow10(RATE - 3);
          const aubeRate = BigInt(rng.range(2, 20)) * pow10(RATE - 2);
          const monthReward = aubeReward;
          const totalUsdCents = mulUnits(monthReward, COIN, aubeRate, RATE, USD);
          const snapOwl = mulUnits(monthReward, COIN, owlRate, RATE, COIN);
          owl += snapOwl;
          ids.snapshot++;
          emit('reward_snapshots', [
            String(ids.snapshot),
            String(id),
            String(planId),
            isoDate(rewardDay),
            String(first),
            String(first + termMs),
            formatUnits(principal, COIN),
            formatUnits(principal + monthReward, COIN),
            rateText,
            formatUnits(tierRate, RATE),
            '0.01',
            formatUnits(tierRate + pow10(RATE - 2), RATE),
            formatUnits(aubeRate, RATE),
            formatUnits(monthReward, COIN),
            formatUnits(aubeRate, RATE),
            formatUnits(totalUsdCents, USD),
            formatUnits(monthReward, COIN),
            formatUnits(owlRate, RATE),
            formatUnits(snapOwl, COIN),
          ]);
          ids.reward++;
          daily.add(rewardDay, 5, monthReward);
          emit('reward_entries', [
            String(ids.reward),
            String(id),
            'staking',
            'HEC',
            formatUnits(monthReward, COIN),
            isoDate(rewardDay),
            NULL,
          ]);
        }
      }
    }

    // Referral plan (affiliate saving) remittances and their rewards.
    const affiliateRemittances: Array<{
      id: number;
      sent: bigint;
      hec: bigint;
      atem: bigint;
      at: number;
    }> = [];
    if (rng.chance(0.2)) {
      const address = `0x${rng.hex(40)}`;
      const remittanceCount = 1 + rng.count(1);
      for (let k = 0; k < remittanceCount; k++) {
        const sent = coin(rng, 50, 20_000);
        const hec = (sent * 8n) / 10n;
        const atem = coin(rng, 0, 5_000);
        const usdCents = mulUnits(sent, COIN, hecUsdCents(rng), RATE, USD);
        const confirmedAt = at(registeredAt, span);
        const remittanceId = ++ids.affiliate;
        affCount++;
        affSent += sent;
        affHec += hec;
        affAtem += atem;
        affUsdCents += usdCents;
        affiliateRemittances.push({ id: remittanceId, sent, hec, atem, at: confirmedAt });
        counts.add('affiliate_remittances', countBuckets.affiliate_remittances.all);
        emit('affiliate_remittances', [
          String(remittanceId),
          String(id),
          address,
          formatUnits(sent, COIN),
          formatUnits(hec, COIN),
          formatUnits(atem, COIN),
          formatUnits(usdCents, USD),
          `0x${rng.hex(64)}`,
          ts(confirmedAt),
        ]);
        const rewardAt = confirmedAt + 30 * DAY;
        if (rewardAt < END) {
          const amount = hec / 50n;
          interest += amount;
          ids.reward++;
          daily.add(rewardAt, 3, amount);
          emit('reward_entries', [
            String(ids.reward),
            String(id),
            'affiliate_interest',
            'HEC',
            formatUnits(amount, COIN),
            isoDate(rewardAt),
            NULL,
          ]);
        }
        if (parentId !== 0) {
          const amount = sent / 20n;
          pendingReferral.set(parentId, (pendingReferral.get(parentId) ?? 0n) + amount);
          ids.reward++;
          daily.add(confirmedAt, 3, amount);
          emit('reward_entries', [
            String(ids.reward),
            String(parentId),
            'referral',
            'HEC',
            formatUnits(amount, COIN),
            isoDate(confirmedAt),
            String(id),
          ]);
        }
      }
      if (rng.chance(0.25)) {
        const amount = coin(rng, 1, 500);
        bonus += amount;
        const day = at(registeredAt, span);
        ids.reward++;
        daily.add(day, 3, amount);
        daily.add(day, 9, amount);
        emit('reward_entries', [
          String(ids.reward),
          String(id),
          'bonus',
          'HEC',
          formatUnits(amount, COIN),
          isoDate(day),
          NULL,
        ]);
      }
    }
    // Proportional rewards for some holders of fixed payments.
    const proportional: Array<{ coin: 'ETH' | 'HEC'; amount: bigint; at: number }> = [];
    if (fixedPayments.length > 0 && rng.chance(0.15)) {
      const coinType = rng.chance(0.5) ? 'ETH' : 'HEC';
      const amount = coinType === 'ETH' ? coin(rng, 0, 2) : coin(rng, 10, 2_000);
      const day = at(registeredAt, span);
      proportional.push({ coin: coinType, amount, at: day });
      ids.reward++;
      daily.add(day, coinType === 'ETH' ? 6 : 7, amount);
      emit('reward_entries', [
        String(ids.reward),
        String(id),
        'proportional',
        coinType,
        formatUnits(amount, COIN),
        isoDate(day),
        NULL,
      ]);
    }

    // Withdrawal requests: all eight kinds, each through the one state machine.
    const withdraw = (
      kind: WithdrawalKind,
      coinType: 'HEC' | 'ETH' | 'ATEM',
      amount: bigint,
      after: number,
      sources: { saving?: number; affiliate?: number; payment?: number },
      ppv?: { eth: [bigint, bigint, bigint]; hec: [bigint, bigint, bigint] },
    ): void => {
      const status = pickWithdrawalStatus(rng, kind);
      const fee = ppv ? ppv.hec[2] : amount / 100n;
      // The live demo's waiting requests arrive in its last three days (some under 24 hours
      // old, some over), and no later step is dated after its end.
      const waiting = status === 'requested' || status === 'approved';
      const from = live && waiting ? Math.max(after, END - 3 * DAY) : after;
      const requestedAt = at(from, Math.max(live ? 1 : DAY, END - from));
      const cap = (ms: number): number => (live ? Math.min(END - 1, ms) : ms);
      const processingAt =
        waiting || (status === 'rejected' && rng.chance(0.6))
          ? null
          : cap(requestedAt + rng.range(1, 72) * 3_600_000);
      const endAt = cap((processingAt ?? requestedAt) + rng.range(1, 48) * 3_600_000);
      const withdrawalId = ++ids.withdrawal;
      const hash = status === 'completed' ? `0x${rng.hex(64)}` : null;
      const ethHash = status === 'completed' && ppv ? `0x${rng.hex(64)}` : null;
      counts.add(
        'withdrawal_requests',
        countBuckets.withdrawal_requests.all,
        countBuckets.withdrawal_requests.kind(kind),
        countBuckets.withdrawal_requests.kindStatus(kind, status),
      );
      const requestedDays = countBuckets.withdrawal_requests.requestedDays(kind, status);
      const amountText = formatUnits(amount, COIN);
      const amountBands = countBuckets.withdrawal_requests.amountBands(kind, status);
      counts.add(
        'withdrawal_requests',
        `${requestedDays.prefix}${isoDate(requestedAt)}` as Bucket<'withdrawal_requests'>,
        `${amountBands.prefix}${amountBand(amountText)}` as Bucket<'withdrawal_requests'>,
      );
      emit('withdrawal_requests', [
        String(withdrawalId),
        kind,
        String(id),
        status,
        ts(requestedAt),
        processingAt === null ? NULL : ts(processingAt),
        status === 'completed' ? ts(endAt) : NULL,
        status === 'failed' ? ts(endAt) : NULL,
        status === 'rejected' ? ts(endAt) : NULL,
        status === 'rejected' ? esc(rng.pick(REJECT_REASONS)) : NULL,
        status === 'failed' ? 'Transaction reverted: out of gas' : NULL,
        coinType,
        amountText,
        formatUnits(fee, COIN),
        formatUnits(amount - fee, COIN),
        `0x${rng.hex(40)}`,
        opt(hash),
        sources.saving === undefined ? NULL : String(sources.saving),
        sources.affiliate === undefined ? NULL : String(sources.affiliate),
        sources.payment === undefined ? NULL : String(sources.payment),
        ppv ? formatUnits(ppv.eth[0], COIN) : NULL,
        ppv ? formatUnits(ppv.eth[1], COIN) : NULL,
        ppv ? formatUnits(ppv.eth[2], COIN) : NULL,
        ppv ? formatUnits(ppv.hec[0], COIN) : NULL,
        ppv ? formatUnits(ppv.hec[1], COIN) : NULL,
        ppv ? formatUnits(ppv.hec[2], COIN) : NULL,
        ppv ? esc(email) : NULL,
        ppv ? `0x${rng.hex(40)}` : NULL,
        opt(ethHash),
        ts(requestedAt),
      ]);
      if (hash) emit('withdrawal_transaction_hashes', [hash, String(withdrawalId)]);
      if (ethHash) emit('withdrawal_transaction_hashes', [ethHash, String(withdrawalId)]);
    };
    for (const r of savingRemittances)
      if (rng.chance(0.15)) withdraw('saving', 'HEC', r.sent, r.at, { saving: r.id });
    for (const r of affiliateRemittances) {
      if (rng.chance(0.15)) withdraw('affiliate_saving', 'HEC', r.hec, r.at, { affiliate: r.id });
      if (rng.chance(0.1))
        withdraw('referral_reward', 'HEC', r.sent / 20n, r.at, { affiliate: r.id });
      if (r.atem > 0n && rng.chance(0.06))
        withdraw('atem', 'ATEM', r.atem, r.at, { affiliate: r.id });
    }
    if (bonus > 0n && rng.chance(0.3)) withdraw('bonus_reward', 'HEC', bonus, registeredAt, {});
    for (const p of fixedPayments) {
      if (!rng.chance(0.04)) continue;
      // A request pays something: its HEC transfer or its ETH parts (docs/domain.md, "What a
      // principal withdrawal pays"); a payment fixed at 0 in both coins gives none.
      if (p.ethUnits === 0n && p.hecUnits === 0n) continue;
      const eth: [bigint, bigint, bigint] = [p.ethUnits, p.ethUnits / 20n, p.ethUnits / 100n];
      const hec: [bigint, bigint, bigint] = [p.hecUnits, p.hecUnits / 20n, p.hecUnits / 100n];
      withdraw(
        'payment_paid_value',
        'HEC',
        hec[0] + hec[1],
        p.fixedAt,
        { payment: p.id },
        { eth, hec },
      );
    }
    for (const p of proportional)
      if (rng.chance(0.3)) withdraw('proportional_bonus', p.coin, p.amount, p.at, {});
    if (affiliateRemittances.length > 0 && rng.chance(0.25))
      withdraw('affiliate_bonus', 'HEC', coin(rng, 1, 300), registeredAt, {});

    // Support inquiries.
    if (rng.chance(0.05) || (contactSeen < 3 && id % 7 === 0)) {
      const contactCount = 1 + rng.count(0.5);
      for (let k = 0; k < contactCount; k++) {
        const status =
          contactSeen < CONTACT_STATUSES.length
            ? CONTACT_STATUSES[contactSeen]
            : rng.weighted(CONTACT_STATUSES, [30, 20, 50]);
        contactSeen++;
        const contactId = ++ids.contact;
        const contactedAt = at(registeredAt, span);
        const title = locale === 'ja' ? rng.pick(CONTACT_TITLES_JA) : rng.pick(CONTACT_TITLES_EN);
        // The same draws whether or not admins exist, so the rest of the population does not
        // depend on them (a database without admins used to get other categories and files).
        const assigned = status !== 'backlog' || rng.chance(0.3);
        const adminIndex = assigned ? rng.int(Math.max(1, adminIds.length)) : -1;
        const admin = adminIds[adminIndex];
        const assignee = assigned && admin !== undefined ? String(admin) : NULL;
        counts.add(
          'user_contacts',
          countBuckets.user_contacts.all,
          countBuckets.user_contacts.status(status!),
          `${countBuckets.user_contacts.contactedDays(status!).prefix}${isoDate(contactedAt)}` as Bucket<'user_contacts'>,
        );
        if (assignee === NULL)
          counts.add('user_contacts', countBuckets.user_contacts.unassignedStatus(status!));
        const updatedAt = at(contactedAt, 5 * DAY);
        emit('user_contacts', [
          String(contactId),
          String(id),
          esc(title),
          esc(
            locale === 'ja'
              ? `${title}。\nユーザーID: ${id}\nよろしくお願いします。`
              : `${title}.\nUser id: ${id}\nThanks.`,
          ),
          status ?? 'backlog',
          ts(contactedAt),
          assignee,
          ts(updatedAt),
          // Migration 0065's trigger would stamp it, but bulk loads run without triggers.
          ts((status ?? 'backlog') === 'backlog' ? contactedAt : updatedAt),
        ]);
        const firstCategory = 1 + rng.int(7);
        emit('user_contact_category_links', [String(contactId), String(firstCategory)]);
        if (rng.chance(0.3))
          emit('user_contact_category_links', [String(contactId), String(1 + (firstCategory % 7))]);
        if (rng.chance(0.3)) {
          const fileId = ++ids.file;
          const png = rng.chance(0.7);
          emit('user_contact_files', [
            String(fileId),
            String(contactId),
            png ? `screenshot-${fileId}.png` : `statement-${fileId}.pdf`,
            png ? 'image/png' : 'application/pdf',
            String(rng.range(20_000, 2_000_000)),
            `contacts/${contactId}/${fileId}-${rng.hex(12)}`,
            ts(contactedAt),
          ]);
        }
      }
    }

    // A little mail in the outbox, in every delivery state.
    if (id % 97 === 0) {
      const notificationId = 1 + (id % notificationCount);
      const mailStatus = rng.weighted(
        ['pending', 'sending', 'sent', 'failed'] as const,
        [20, 5, 65, 10],
      );
      const createdAt = END - rng.range(1, 60) * DAY;
      ids.mail++;
      emit('mail_outbox', [
        String(ids.mail),
        String(notificationId),
        String(id),
        email,
        locale === 'ja' ? 'お知らせ' : 'Notice',
        esc(
          locale === 'ja'
            ? `${lastName} 様\n新しいお知らせがあります。`
            : `Dear ${firstName},\nYou have a new notice.`,
        ),
        locale,
        mailStatus,
        String(mailStatus === 'pending' ? 0 : rng.range(1, 5)),
        ts(createdAt + DAY),
        mailStatus === 'failed' ? 'SMTP 550 mailbox unavailable' : NULL,
        ts(createdAt),
        mailStatus === 'sent' ? ts(createdAt + 60_000) : NULL,
      ]);
    }

    // The user row, with totals equal to the sums of the records above.
    const subtreeBuy = pendingSubtreeBuy.get(id) ?? 0n;
    const subtreeAff = pendingSubtreeAff.get(id) ?? 0n;
    pendingSubtreeBuy.delete(id);
    pendingSubtreeAff.delete(id);
    if (parentId !== 0) {
      pendingSubtreeBuy.set(
        parentId,
        (pendingSubtreeBuy.get(parentId) ?? 0n) + buyCents + subtreeBuy,
      );
      pendingSubtreeAff.set(
        parentId,
        (pendingSubtreeAff.get(parentId) ?? 0n) + affSent + subtreeAff,
      );
    }
    const ancestry: number[] = [];
    for (let p = parentId; p !== 0; p = tree.parent[p] ?? 0) ancestry.push(p);
    ancestry.reverse();
    const cardStatus = cardStatusFor(buyCents);
    counts.add(
      'end_users',
      countBuckets.end_users.all,
      countBuckets.end_users.cardStatus(cardStatus),
    );
    counts.bump(buyBandKey(buyCents));
    const registeredDay = businessDate(registeredAt, businessTimeZone);
    const range = buyRangeIndex(buyCents);
    counts.add(
      'end_users',
      countBuckets.end_users.buyRange(range),
      countBuckets.end_users.registeredDay(registeredDay),
      countBuckets.end_users.registeredCard(registeredDay, cardStatus),
      countBuckets.end_users.registeredBuyRange(registeredDay, range),
    );
    if (affCount > 0) counts.bump(AFFILIATE_REMITTER);
    // The prefix buckets of 0130 (handles are lower-case ASCII, as lower() leaves them).
    counts.add(
      'end_users',
      countBuckets.end_users.namePrefix(userName.slice(0, 1)),
      countBuckets.end_users.namePrefix(userName.slice(0, 2)),
      countBuckets.end_users.emailPrefix(email.slice(0, 1)),
      countBuckets.end_users.emailPrefix(email.slice(0, 2)),
    );
    const birthYear = rng.range(1950, 2004);
    const forceClub = rng.chance(0.6);
    emit('end_users', [
      String(id),
      esc(userName),
      inviteCode(id),
      parentId === 0 ? NULL : String(parentId),
      `{${ancestry.join(',')}}`,
      String(depth),
      ts(registeredAt),
      String(cardStatus),
      formatUnits(BigInt(rng.range(0, 200)), 3),
      formatUnits(BigInt(rng.range(0, 100)), 3),
      esc(email),
      id.toString(16).padStart(8, '0') + rng.hex(56),
      esc(firstName),
      esc(lastName),
      `${birthYear}-${String(rng.range(1, 12)).padStart(2, '0')}-${String(rng.range(1, 28)).padStart(2, '0')}`,
      isoDate(
        Date.UTC(new Date(registeredAt).getUTCFullYear(), new Date(registeredAt).getUTCMonth(), 1),
      ),
      forceClub ? ts(at(registeredAt, span)) : NULL,
      forceClub ? `fc${id.toString(16).padStart(8, '0')}${rng.hex(24)}` : NULL,
      formatUnits(buyCents, USD),
      formatUnits(ethAmount, COIN),
      formatUnits(hecAmount, COIN),
      formatUnits(ethStaked, COIN),
      formatUnits(hecStaked, COIN),
      formatUnits(sentHec, COIN),
      formatUnits(owl, COIN),
      String(paymentCount),
      String(affCount),
      formatUnits(affSent, COIN),
      formatUnits(affHec, COIN),
      formatUnits(affAtem, COIN),
      formatUnits(affUsdCents, USD),
      formatUnits(interest, COIN),
      formatUnits(referral, COIN),
      formatUnits(bonus, COIN),
      String(tree.children[id] ?? 0),
      String(tree.descendants[id] ?? 0),
      formatUnits(subtreeBuy, USD),
      formatUnits(subtreeAff, COIN),
    ]);
    emit('end_user_details', [
      String(id),
      rng.chance(0.6) ? `https://avatars.example.com/${rng.hex(16)}.png` : NULL,
      rng.chance(0.7)
        ? japanese
          ? `+81 90-${rng.range(1000, 9999)}-${rng.range(1000, 9999)}`
          : `+1 555-${rng.range(100, 999)}-${rng.range(1000, 9999)}`
        : NULL,
      rng.chance(0.4) ? 't' : 'f',
      japanese ? '' : rng.chance(0.2) ? 'Crypto enthusiast.' : '',
      locale,
    ]);

    if (id % 500 === 0) {
      options.onProgress?.(n - id + 1, totalRows);
      await sink.drain();
    }
  }

  for (const r of rates) {
    emit('rate_assignments', [
      String(r.id),
      ts(r.from),
      ts(r.until - 1),
      ts(r.deadline),
      formatUnits(r.btcHec, RATE),
      formatUnits(r.btcEth, RATE),
      String(rateCounts.get(r.id) ?? 0),
      ts(r.deadline),
    ]);
  }
  for (const [day, sums] of [...daily.days].sort(([a], [b]) => a - b)) {
    emit('asset_stats_daily', [
      isoDate(day * DAY),
      ...sums.map((v, i) => formatUnits(v, i === 8 ? USD : COIN)),
    ]);
  }
  for (const [day, [minId, maxId]] of [...idBounds].sort(([a], [b]) => a - b)) {
    emit('end_users_registered_id_bounds', [isoDate(day * DAY), String(minId), String(maxId)]);
  }
  for (const [key, value] of counts.map) {
    const [relation, bucket] = key.split('\u0000') as [string, string];
    emit('row_counts', [relation, bucket, String(value)]);
  }
  options.onProgress?.(n, totalRows);
  await sink.drain();
  return { users: n, rows, totalRows, widestUserId, deepestUserId, maxDepth };
}

/** A unique 8-character invite code: a bijection of the id (the multiplier is coprime to 36^8). */
export function inviteCode(id: number): string {
  const modulus = 36n ** 8n;
  const v = (BigInt(id) * 1_679_616_011n + 982_451_653n) % modulus;
  return v.toString(36).toUpperCase().padStart(8, '0');
}
