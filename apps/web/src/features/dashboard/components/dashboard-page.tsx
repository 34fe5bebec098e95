import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Box, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { DASHBOARD_PERIODS, type DashboardPeriodKind } from '@app/shared';
import { errorMessage } from '@/lib/error-message';
import { formatAmount, formatUsd } from '@/lib/amount';
import { formatNumber } from '@/lib/format';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { useDashboardStatistics } from '../api/dashboard-statistics';
import { PeriodPicker, type PeriodValue } from './period-picker';
import { Change, ChartOrTable, FigureLink, Widget } from './widget';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the URL (period, from, until), so a copied link shows the same figures. */
function usePeriod(): [PeriodValue, (next: PeriodValue) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: DashboardPeriodKind = DASHBOARD_PERIODS.includes(raw as DashboardPeriodKind)
    ? (raw as DashboardPeriodKind)
    : 'LAST_30_DAYS';
  // The default custom range ends on the day the page opened.
  const [now] = useState(() => Date.now());
  const from = params.get('from') ?? '';
  const until = params.get('until') ?? '';
  const value: PeriodValue = {
    period,
    from: DATE.test(from) ? from : utcDate(now - 29 * DAY_MS),
    until: DATE.test(until) ? until : utcDate(now),
  };
  const set = (next: PeriodValue) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.set('period', next.period);
      if (next.period === 'CUSTOM') {
        out.set('from', next.from);
        out.set('until', next.until);
      } else {
        out.delete('from');
        out.delete('until');
      }
      return out;
    });
  return [value, set];
}

const count = (n: number | string) => formatNumber(n);

type Range = { min: string; max?: string | null };

function cardStatusName(t: TFunction, status: number): string {
  return t(`dashboard.cardStatus.s${status as 0 | 1 | 2 | 3 | 4 | 5 | 6}`);
}

function purchaseRangeName(t: TFunction, r: Range): string {
  if (r.max === '0') return t('dashboard.noPurchase');
  return r.max
    ? t('dashboard.rangeBetween', { min: formatAmount(r.min), max: formatAmount(r.max) })
    : t('dashboard.rangeFrom', { min: formatAmount(r.min) });
}

/** /common/dashboard: the signed-in admin and the seven widgets of spec section 2. */
export function DashboardPage() {
  const { t } = useTranslation();
  const admin = useCurrentAdmin();
  const [period, setPeriod] = usePeriod();
  const stats = useDashboardStatistics(
    period.period === 'CUSTOM'
      ? { period: 'CUSTOM', dateFrom: period.from, dateUntil: period.until }
      : { period: period.period },
  );
  const d = stats.data;
  const cardName = (status: number) => cardStatusName(t, status);
  const rangeName = (r: Range) => purchaseRangeName(t, r);
  const rangeLink = d ? `?from=${d.dateFrom}&until=${d.dateUntil}` : '';
  // Stable arrays for the charts, so a re-render does not redraw them.
  const series = useMemo(
    () =>
      d && {
        dates: d.days.map((x) => x.date),
        revenue: d.days.map((x) => x.revenueUsd),
        newUsers: d.days.map((x) => x.newUsers),
        cards: d.cardStatuses.map((c) => c.users),
        ranges: d.purchaseRanges.map((r) => r.users),
      },
    [d],
  );
  const cardLabels = useMemo(
    () => (d ? d.cardStatuses.map((c) => cardStatusName(t, c.cardStatus)) : []),
    [d, t],
  );
  const rangeLabels = useMemo(
    () => (d ? d.purchaseRanges.map((r) => purchaseRangeName(t, r)) : []),
    [d, t],
  );

  return (
    <Stack spacing={3}>
      {admin.error && (
        <Typography color="error" role="alert">
          {errorMessage(admin.error, t)}
        </Typography>
      )}
      {admin.data && (
        <Card variant="outlined">
          <CardContent>
            <Typography data-testid="signed-in-admin" sx={{ overflowWrap: 'anywhere' }}>
              {t('dashboard.signedInAs', {
                userName: admin.data.userName,
                email: admin.data.email,
              })}
            </Typography>
            <Stack
              component="ul"
              direction="row"
              spacing={1}
              sx={{ mt: 1, mb: 0, p: 0, listStyle: 'none' }}
              aria-label={t('dashboard.roles')}
            >
              {admin.data.roles.map((role) => (
                // A plain badge rather than MUI's Chip, which this first-loaded page does not need.
                <Box
                  component="li"
                  key={role.name}
                  title={role.description}
                  sx={{
                    px: 1.25,
                    py: 0.25,
                    borderRadius: 4,
                    border: 1,
                    borderColor: 'divider',
                    typography: 'body2',
                  }}
                >
                  {role.name}
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
      <Stack spacing={1}>
        <PeriodPicker key={period.period} value={period} onChange={setPeriod} />
        {d && (
          <Typography variant="body2" color="text.secondary" data-testid="period-range">
            {t('dashboard.period.range', { from: d.dateFrom, until: d.dateUntil })} ·{' '}
            {t('dashboard.period.previous', {
              from: d.previousDateFrom,
              until: d.previousDateUntil,
            })}
          </Typography>
        )}
        <Box sx={{ height: 4 }}>{stats.isFetching && <LinearProgress />}</Box>
        {stats.error && (
          <Typography color="error" role="alert">
            {errorMessage(stats.error, t)}
          </Typography>
        )}
      </Stack>
      {d && series && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget id="revenue" title={t('dashboard.widgets.revenue')}>
              <FigureLink
                to={`/common/asset_statistic${rangeLink}`}
                name={t('dashboard.widgets.revenue')}
              >
                {formatUsd(d.revenueUsd.current)}
              </FigureLink>
              <Change
                change={d.revenueUsd.change}
                percent={d.revenueUsd.changePercent}
                format={formatUsd}
              />
              <ChartOrTable
                chart={{
                  kind: 'line',
                  labels: series.dates,
                  values: series.revenue,
                  formatValue: (v) => formatUsd(String(v)),
                  label: t('dashboard.revenueChart'),
                }}
                rows={d.days.map((x) => ({ label: x.date, value: formatUsd(x.revenueUsd) }))}
                labelHeader={t('dashboard.day')}
                valueHeader={t('dashboard.widgets.revenue')}
              />
            </Widget>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget id="newUser" title={t('dashboard.widgets.newUser')}>
              <FigureLink
                to="/common/users?sort=registeredAt&order=desc"
                name={t('dashboard.widgets.newUser')}
              >
                {count(d.newUsers.current)}
              </FigureLink>
              <Change
                change={d.newUsers.change}
                percent={d.newUsers.changePercent}
                format={count}
              />
              <ChartOrTable
                chart={{
                  kind: 'bars',
                  labels: series.dates,
                  values: series.newUsers,
                  formatValue: count,
                  label: t('dashboard.newUsersChart'),
                }}
                rows={d.days.map((x) => ({ label: x.date, value: count(x.newUsers) }))}
                labelHeader={t('dashboard.day')}
                valueHeader={t('dashboard.widgets.newUser')}
              />
            </Widget>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget
              id="cardStatus"
              title={t('dashboard.widgets.cardStatus')}
              note={t('dashboard.allUsers')}
            >
              <Box
                component="ul"
                sx={{
                  m: 0,
                  p: 0,
                  listStyle: 'none',
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                  gap: 1,
                }}
              >
                {d.cardStatuses.map((c) => (
                  <Box component="li" key={c.cardStatus}>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {cardName(c.cardStatus)}
                    </Typography>
                    <FigureLink
                      variant="body1"
                      to={`/common/users?cardStatus=${c.cardStatus}`}
                      name={cardName(c.cardStatus)}
                    >
                      {count(c.users)}
                    </FigureLink>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('dashboard.newInPeriod')}: {count(c.newUsers.current)}
                    </Typography>
                    <Change
                      change={c.newUsers.change}
                      percent={c.newUsers.changePercent}
                      format={count}
                    />
                  </Box>
                ))}
              </Box>
              <ChartOrTable
                chart={{
                  kind: 'bars',
                  labels: cardLabels,
                  values: series.cards,
                  formatValue: count,
                  label: t('dashboard.cardStatusChart'),
                }}
                rows={d.cardStatuses.map((c) => ({
                  label: cardName(c.cardStatus),
                  value: count(c.users),
                }))}
                labelHeader={t('dashboard.widgets.cardStatus')}
                valueHeader={t('dashboard.allUsers')}
              />
            </Widget>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget
              id="usersPerPurchaseRange"
              title={t('dashboard.widgets.usersPerPurchaseRange')}
              note={t('dashboard.allUsers')}
            >
              <Box
                component="ul"
                sx={{
                  m: 0,
                  p: 0,
                  listStyle: 'none',
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                  gap: 1,
                }}
              >
                {d.purchaseRanges.map((r) => (
                  <Box component="li" key={r.index}>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {rangeName(r)}
                    </Typography>
                    <FigureLink
                      variant="body1"
                      to={`/common/users?totalBuyMin=${r.min}${r.max ? `&totalBuyMax=${r.max}` : ''}`}
                      name={rangeName(r)}
                    >
                      {count(r.users)}
                    </FigureLink>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('dashboard.newInPeriod')}: {count(r.newUsers.current)}
                    </Typography>
                    <Change
                      change={r.newUsers.change}
                      percent={r.newUsers.changePercent}
                      format={count}
                    />
                  </Box>
                ))}
              </Box>
              <ChartOrTable
                chart={{
                  kind: 'bars',
                  labels: rangeLabels,
                  values: series.ranges,
                  formatValue: count,
                  label: t('dashboard.purchaseRangeChart'),
                }}
                rows={d.purchaseRanges.map((r) => ({ label: rangeName(r), value: count(r.users) }))}
                labelHeader={t('dashboard.widgets.usersPerPurchaseRange')}
                valueHeader={t('dashboard.allUsers')}
              />
            </Widget>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <Widget
              id="totalUsers"
              title={t('dashboard.widgets.totalUsers')}
              note={t('dashboard.atPeriodEnd')}
            >
              <FigureLink to="/common/users" name={t('dashboard.widgets.totalUsers')}>
                {count(d.totalUsers.current)}
              </FigureLink>
              <Change
                change={d.totalUsers.change}
                percent={d.totalUsers.changePercent}
                format={count}
              />
            </Widget>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <Widget
              id="campaign"
              title={t('dashboard.widgets.campaign')}
              note={t('dashboard.campaignNote')}
            >
              <FigureLink
                to={`/common/asset_statistic${rangeLink}`}
                name={`${t('dashboard.widgets.campaign')} HEC`}
              >
                {formatAmount(d.campaignHec.current, 'HEC')}
              </FigureLink>
              <Change
                change={d.campaignHec.change}
                percent={d.campaignHec.changePercent}
                format={(v) => formatAmount(v, 'HEC')}
              />
              <FigureLink
                variant="body1"
                to={`/common/asset_statistic${rangeLink}`}
                name={`${t('dashboard.widgets.campaign')} ETH`}
              >
                {formatAmount(d.campaignEth.current, 'ETH')}
              </FigureLink>
              <Change
                change={d.campaignEth.change}
                percent={d.campaignEth.changePercent}
                format={(v) => formatAmount(v, 'ETH')}
              />
            </Widget>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <Widget
              id="exBonus"
              title={t('dashboard.widgets.exBonus')}
              note={t('dashboard.exBonusNote')}
            >
              <FigureLink to="/referral_plan/track_records" name={t('dashboard.widgets.exBonus')}>
                {formatAmount(d.exBonusHec.current, 'HEC')}
              </FigureLink>
              <Change
                change={d.exBonusHec.change}
                percent={d.exBonusHec.changePercent}
                format={(v) => formatAmount(v, 'HEC')}
              />
            </Widget>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
