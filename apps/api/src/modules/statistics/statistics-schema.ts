import { DASHBOARD_PERIODS } from '@app/shared';
import { builder } from '../../graphql/builder';
import { BUSINESS_DAY, BUSINESS_DAYS } from '../../shared/business-day';
import { ASSET_AMOUNTS } from './asset-stats-amounts';
import type { AssetStatsDay, AssetStatsSums } from './statistics-repository';
import { changeOf, type Comparison, type StatisticsService } from './statistics-service';
import { assetStatsArgs } from './statistics-filters';

type Dashboard = Awaited<ReturnType<StatisticsService['dashboard']>>;
type AssetStats = Awaited<ReturnType<StatisticsService['assetStats']>>;
/** The dashboard's figures compared with the previous period: amounts (text) or counts. */
type ComparisonKey<V extends string | number> = {
  [K in keyof Dashboard]: Dashboard[K] extends Comparison<V> ? K : never;
}[keyof Dashboard];

const DashboardPeriodRef = builder.enumType('DashboardPeriod', {
  description: `TODAY, LAST_7_DAYS and LAST_30_DAYS are ${BUSINESS_DAYS} ending today, today included; CUSTOM takes dateFrom and dateUntil.`,
  values: DASHBOARD_PERIODS,
});

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The change in percent, one rule for the amount and the count comparisons. */
function changePercentField<T extends string | number>(
  t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, Comparison<T>>,
) {
  return t.field({
    type: 'Decimal',
    nullable: true,
    description: 'The change in percent of previous, one decimal; null when previous is 0.',
    resolve: (c) => changeOf(c).changePercent,
  });
}

const AmountComparisonRef = builder
  .objectRef<Comparison<string>>('DashboardAmountComparison')
  .implement({
    description: 'An exact amount over the current period and over the previous one.',
    fields: (t) => ({
      current: t.expose('current', { type: 'Decimal' }),
      previous: t.expose('previous', { type: 'Decimal' }),
      change: t.field({
        type: 'Decimal',
        description: 'current - previous, exactly.',
        resolve: (c) => changeOf(c).change,
      }),
      changePercent: changePercentField(t),
    }),
  });

const CountComparisonRef = builder
  .objectRef<Comparison<number>>('DashboardCountComparison')
  .implement({
    description: 'A number of users for the current period and for the previous one.',
    fields: (t) => ({
      current: t.exposeInt('current'),
      previous: t.exposeInt('previous'),
      change: t.int({ description: 'current - previous.', resolve: (c) => c.current - c.previous }),
      changePercent: changePercentField(t),
    }),
  });

const CardStatusRef = builder
  .objectRef<Dashboard['cardStatuses'][number]>('DashboardCardStatus')
  .implement({
    description: 'Users of one card status.',
    fields: (t) => ({
      cardStatus: t.exposeInt('cardStatus', { description: '0 None … 6 Black.' }),
      users: t.exposeInt('users', { description: 'Every user with this card status now.' }),
      newUsers: t.expose('newUsers', {
        type: CountComparisonRef,
        description: 'Users registered in the period who have this card status now.',
      }),
    }),
  });

const PurchaseRangeRef = builder
  .objectRef<Dashboard['purchaseRanges'][number]>('DashboardPurchaseRange')
  .implement({
    description: 'Users whose totalBuyAmountUsd lies in one range (both bounds inclusive).',
    fields: (t) => ({
      index: t.exposeInt('index'),
      min: t.expose('min', { type: 'Decimal' }),
      max: t.expose('max', {
        type: 'Decimal',
        nullable: true,
        description: 'Null: no upper bound.',
      }),
      users: t.exposeInt('users', { description: 'Every user in this range now.' }),
      newUsers: t.expose('newUsers', {
        type: CountComparisonRef,
        description: 'Users registered in the period who are in this range now.',
      }),
    }),
  });

const DashboardDayRef = builder.objectRef<Dashboard['days'][number]>('DashboardDay').implement({
  description: `One ${BUSINESS_DAY} of the current period.`,
  fields: (t) => ({
    date: t.exposeString('date', { description: 'YYYY-MM-DD.' }),
    revenueUsd: t.expose('revenueUsd', { type: 'Decimal' }),
    newUsers: t.exposeInt('newUsers'),
  }),
});

const DashboardRef = builder.objectRef<Dashboard>('DashboardStatistics').implement({
  description:
    'The dashboard widgets over the whole population, from kept aggregates (docs/domain.md, "Dashboard figures").',
  fields: (t) => {
    // Each widget is a figure of the period beside the previous period's: an amount or a count.
    const amount = (key: ComparisonKey<string>, description: string) =>
      t.expose(key, { type: AmountComparisonRef, description });
    const count = (key: ComparisonKey<number>, description: string) =>
      t.expose(key, { type: CountComparisonRef, description });
    return {
      dateFrom: t.exposeString('from', { description: `First ${BUSINESS_DAY} of the period.` }),
      dateUntil: t.exposeString('until', { description: `Last ${BUSINESS_DAY} of the period.` }),
      previousDateFrom: t.exposeString('previousFrom'),
      previousDateUntil: t.exposeString('previousUntil'),
      revenueUsd: amount(
        'revenueUsd',
        'Revenue: paidUsd of payments confirmed in the period (confirmed or asset-fixed).',
      ),
      newUsers: count('newUsers', 'Users registered in the period.'),
      totalUsers: count(
        'totalUsers',
        'Users registered up to the end of the period (and of the previous one).',
      ),
      cardStatuses: t.field({ type: [CardStatusRef], resolve: (d) => d.cardStatuses }),
      purchaseRanges: t.field({ type: [PurchaseRangeRef], resolve: (d) => d.purchaseRanges }),
      campaignEth: amount(
        'campaignEth',
        'Campaign: proportional bonus rewards in ETH credited in the period.',
      ),
      campaignHec: amount(
        'campaignHec',
        'Campaign: proportional bonus rewards in HEC credited in the period.',
      ),
      exBonusHec: amount(
        'exBonusHec',
        'ExBonus from Referral Plan: referral-plan bonus rewards (HEC) credited in the period.',
      ),
      days: t.expose('days', {
        type: [DashboardDayRef],
        description: 'Every day of the current period, for the charts.',
      }),
    };
  },
});

builder.queryField('dashboardStatistics', (t) =>
  t.field({
    description: 'Every dashboard widget in one call.',
    type: DashboardRef,
    authScopes: { authenticated: true },
    args: {
      period: t.arg({ type: DashboardPeriodRef, required: true }),
      dateFrom: t.arg.string({ required: false, description: 'YYYY-MM-DD, CUSTOM only.' }),
      dateUntil: t.arg.string({ required: false, description: 'YYYY-MM-DD, CUSTOM only.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.statistics.dashboard(args),
  }),
);

/** The amount fields of a day and of the sums, named as spec section 3 lists them. */
function assetFields<T extends AssetStatsSums>(
  t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, T>,
) {
  return Object.fromEntries(
    ASSET_AMOUNTS.map((a) => [
      a.field,
      t.field({ type: 'Decimal', description: a.description, resolve: (r) => r[a.key] }),
    ]),
  );
}

const AssetStatsDayRef = builder.objectRef<AssetStatsDay>('AssetStatsDay').implement({
  description: `Asset statistics of one ${BUSINESS_DAY}.`,
  fields: (t) => ({
    date: t.exposeString('date', { description: 'YYYY-MM-DD.' }),
    ...assetFields(t),
  }),
});

const AssetStatsSumsRef = builder.objectRef<AssetStatsSums>('AssetStatsSums').implement({
  description: 'The sums of the rows, exactly.',
  fields: (t) => assetFields(t),
});

const AssetStatsRef = builder.objectRef<AssetStats>('AssetStats').implement({
  description: `Asset statistics per ${BUSINESS_DAY} of a range, and their sums.`,
  fields: (t) => ({
    dateFrom: t.exposeString('dateFrom'),
    dateUntil: t.exposeString('dateUntil'),
    stats: t.field({ type: [AssetStatsDayRef], resolve: (a) => a.stats }),
    sums: t.expose('sums', { type: AssetStatsSumsRef }),
  }),
});

builder.queryField('assetStats', (t) =>
  t.field({
    description: `Asset statistics of every ${BUSINESS_DAY} from dateFrom through dateUntil (YYYY-MM-DD, at most 366 days), and their sums.`,
    type: AssetStatsRef,
    authScopes: { authenticated: true },
    args: assetStatsArgs(),
    resolve: (_root, args, ctx) =>
      ctx.services.statistics.assetStats(args.dateFrom, args.dateUntil),
  }),
);
