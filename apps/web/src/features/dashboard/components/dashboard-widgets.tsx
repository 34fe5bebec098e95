import { useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import { isCardStatus } from '@app/shared';
import { AmountText } from '@/components/amount-text';
import { amountDisplay, compactAmountText, type AmountUnit } from '@/lib/amount';
import { formatNumber } from '@/lib/format';
import type { DashboardStatisticsQuery } from '@/gql/graphql';
import { Change, ChartOrTable, FigureLink, Widget } from './widget';

const count = (n: number | string) => formatNumber(n);
// Amounts in the figures, changes and table views: compact, exact on hover, in their name and on copy.
const inText = (unit: AmountUnit) => (v: string) => (
  <AmountText value={v} unit={unit} aligned={false} />
);
// A figure link's name holds what it shows (a name must contain the visible text), then the
// exact value when the figure is rounded.
const exact = (v: string, unit: AmountUnit) => {
  const shown = amountDisplay(v, unit);
  if (!shown) return v;
  return shown.rounded ? `${shown.text} (${shown.exactText})` : shown.exactText;
};

type Pair = { current: number; change: number; changePercent?: string | null };
type Compared = {
  current: number | string;
  change: number | string;
  changePercent?: string | null;
};

/**
 * One figure of the period (an amount in `unit`, or a count), opening its list or the
 * statistics, and its change on the period before.
 */
function Figure({
  to,
  name,
  value,
  unit,
  small,
}: {
  to: string;
  name: string;
  value: Compared;
  unit?: AmountUnit;
  small?: boolean;
}) {
  const format = unit ? inText(unit) : count;
  const current = String(value.current);
  return (
    <>
      <FigureLink
        small={small}
        to={to}
        name={name}
        exact={unit ? exact(current, unit) : count(current)}
      >
        {format(current)}
      </FigureLink>
      <Change change={value.change} percent={value.changePercent} format={format} />
    </>
  );
}
type Range = { min: string; max?: string | null };

// The users screens name them alike (users/components/card-status.tsx), from the same texts
// (`cardStatus`, in the first load); a helper shared with them would be a chunk of its own.
function cardStatusName(t: TFunction, status: number): string {
  return isCardStatus(status) ? t(`cardStatus.s${status}`) : String(status);
}

function purchaseRangeName(t: TFunction, r: Range): string {
  if (r.max === '0') return t('dashboard.noPurchase');
  return r.max
    ? t('dashboard.rangeBetween', { min: compactAmountText(r.min), max: compactAmountText(r.max) })
    : t('dashboard.rangeFrom', { min: compactAmountText(r.min) });
}

type BreakdownItem = { key: number; name: string; to: string; users: number; newUsers: Pair };

/**
 * A whole-population breakdown widget (Card Status, Total Users Per Purchase Range): each
 * part's user count opening its filtered list, the period's new users in it with their change,
 * and a chart of the counts with its table view.
 */
function BreakdownWidget({
  id,
  title,
  chartLabel,
  items,
}: {
  id: string;
  title: string;
  chartLabel: string;
  items: BreakdownItem[];
}) {
  const { t } = useTranslation();
  const users = (v: string | number) =>
    t('dashboard.users', { count: Number(v), formatted: count(v) });
  const names = useMemo(() => items.map((i) => i.name), [items]);
  const values = useMemo(() => items.map((i) => i.users), [items]);
  return (
    <Widget wide id={id} title={title} note={t('dashboard.allUsers')}>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 1.5,
        }}
      >
        {items.map((i) => (
          <li key={i.key}>
            <Box sx={{ typography: 'caption', color: 'text.secondary' }}>{i.name}</Box>
            <FigureLink small to={i.to} name={i.name} exact={count(i.users)}>
              {count(i.users)}
            </FigureLink>
            <Box sx={{ typography: 'caption', color: 'text.secondary' }}>
              {t('dashboard.newInPeriod')}: {count(i.newUsers.current)}
            </Box>
            <Change change={i.newUsers.change} percent={i.newUsers.changePercent} format={count} />
          </li>
        ))}
      </Box>
      <ChartOrTable
        chart={{ kind: 'bars', labels: names, values, formatValue: users, label: chartLabel }}
        rows={items.map((i) => ({ label: i.name, value: count(i.users) }))}
        labelHeader={title}
        valueHeader={t('dashboard.allUsers')}
      />
    </Widget>
  );
}

type Statistics = DashboardStatisticsQuery['dashboardStatistics'];

/** The seven widgets of spec section 2 for one period's figures. */
export function DashboardWidgets({ d, busy }: { d: Statistics; busy: boolean }) {
  const { t } = useTranslation();
  // Stable arrays and items for the charts, so a re-render does not redraw them.
  const charts = useMemo(
    () => ({
      dates: d.days.map((x) => x.date),
      revenue: d.days.map((x) => x.revenueUsd),
      newUsers: d.days.map((x) => x.newUsers),
      cards: d.cardStatuses.map((c): BreakdownItem => ({
        key: c.cardStatus,
        name: cardStatusName(t, c.cardStatus),
        to: `/common/users?cardStatus=${c.cardStatus}`,
        users: c.users,
        newUsers: c.newUsers,
      })),
      ranges: d.purchaseRanges.map((r): BreakdownItem => ({
        key: r.index,
        name: purchaseRangeName(t, r),
        to: `/common/users?totalBuyMin=${r.min}${r.max ? `&totalBuyMax=${r.max}` : ''}`,
        users: r.users,
        newUsers: r.newUsers,
      })),
    }),
    [d, t],
  );
  const statistics = `/common/asset_statistic?from=${d.dateFrom}&until=${d.dateUntil}`;
  // The users registered in the period (business days, as the figure counts them), newest first.
  const newUsers = `/common/users?registeredFrom=${d.dateFrom}&registeredUntil=${d.dateUntil}&sort=registeredAt&order=desc`;
  const dayRows = (value: (x: Statistics['days'][number]) => ReactNode) =>
    d.days.map((x) => ({ label: x.date, value: value(x) }));

  return (
    <Box
      aria-busy={busy}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(6, minmax(0, 1fr))' },
      }}
    >
      <Widget wide id="revenue" title={t('dashboard.widgets.revenue')}>
        <Figure
          to={statistics}
          name={t('dashboard.widgets.revenue')}
          value={d.revenueUsd}
          unit="USD"
        />
        <ChartOrTable
          chart={{
            kind: 'line',
            labels: charts.dates,
            values: charts.revenue,
            formatValue: (v) => exact(String(v), 'USD'),
            label: t('dashboard.revenueChart'),
          }}
          rows={dayRows((x) => inText('USD')(x.revenueUsd))}
          labelHeader={t('dashboard.day')}
          valueHeader={t('dashboard.widgets.revenue')}
        />
      </Widget>
      <Widget wide id="newUser" title={t('dashboard.widgets.newUser')}>
        <Figure to={newUsers} name={t('dashboard.widgets.newUser')} value={d.newUsers} />
        <ChartOrTable
          chart={{
            kind: 'bars',
            labels: charts.dates,
            values: charts.newUsers,
            formatValue: (v) => t('dashboard.users', { count: Number(v), formatted: count(v) }),
            label: t('dashboard.newUsersChart'),
          }}
          rows={dayRows((x) => count(x.newUsers))}
          labelHeader={t('dashboard.day')}
          valueHeader={t('dashboard.widgets.newUser')}
        />
      </Widget>
      <BreakdownWidget
        id="cardStatus"
        title={t('dashboard.widgets.cardStatus')}
        chartLabel={t('dashboard.cardStatusChart')}
        items={charts.cards}
      />
      <BreakdownWidget
        id="usersPerPurchaseRange"
        title={t('dashboard.widgets.usersPerPurchaseRange')}
        chartLabel={t('dashboard.purchaseRangeChart')}
        items={charts.ranges}
      />
      <Widget
        id="totalUsers"
        title={t('dashboard.widgets.totalUsers')}
        note={t('dashboard.atPeriodEnd')}
      >
        <Figure to="/common/users" name={t('dashboard.widgets.totalUsers')} value={d.totalUsers} />
      </Widget>
      <Widget
        id="campaign"
        title={t('dashboard.widgets.campaign')}
        note={t('dashboard.campaignNote')}
      >
        <Figure
          to={statistics}
          name={`${t('dashboard.widgets.campaign')} HEC`}
          value={d.campaignHec}
          unit="HEC"
        />
        <Figure
          small
          to={statistics}
          name={`${t('dashboard.widgets.campaign')} ETH`}
          value={d.campaignEth}
          unit="ETH"
        />
      </Widget>
      <Widget id="exBonus" title={t('dashboard.widgets.exBonus')} note={t('dashboard.exBonusNote')}>
        <Figure
          to={statistics}
          name={t('dashboard.widgets.exBonus')}
          value={d.exBonusHec}
          unit="HEC"
        />
      </Widget>
    </Box>
  );
}
