import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Box } from '@mui/material';
import { DASHBOARD_PERIODS, type DashboardPeriodKind } from '@app/shared';
import { errorMessage } from '@/lib/error-message';
import { businessDayOf, businessTimeZone } from '@/lib/date-time';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { useDashboardStatistics } from '../api/dashboard-statistics';
import { DashboardWidgets } from './dashboard-widgets';
import { PeriodPicker, type PeriodValue } from './period-picker';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the URL (period, from, until), so a copied link shows the same figures. */
function usePeriod(): [PeriodValue, (next: PeriodValue) => void] {
  const [params, setParams] = useSearchParams();
  // The default custom range ends on the day the page opened.
  const [now] = useState(() => Date.now());
  const raw = params.get('period') as DashboardPeriodKind;
  const from = params.get('from') ?? '';
  const until = params.get('until') ?? '';
  const value: PeriodValue = {
    period: DASHBOARD_PERIODS.includes(raw) ? raw : 'LAST_30_DAYS',
    from: DATE.test(from) ? from : businessDayOf(now, 29),
    until: DATE.test(until) ? until : businessDayOf(now),
  };
  const set = (next: PeriodValue) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.set('period', next.period);
      for (const key of ['from', 'until'] as const) {
        if (next.period === 'CUSTOM') out.set(key, next[key]);
        else out.delete(key);
      }
      return out;
    });
  return [value, set];
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

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {admin.error && (
        <Box role="alert" sx={{ color: 'error.main' }}>
          {errorMessage(admin.error, t)}
        </Box>
      )}
      {admin.data && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
          <Box data-testid="signed-in-admin" sx={{ typography: 'body1', overflowWrap: 'anywhere' }}>
            {t('dashboard.signedInAs', {
              userName: admin.data.userName,
              email: admin.data.email,
            })}
          </Box>
          <Box
            component="ul"
            sx={{ mt: 1, mb: 0, p: 0, listStyle: 'none', display: 'flex', gap: 1 }}
            aria-label={t('dashboard.roles')}
          >
            {admin.data.roles.map((role) => (
              // A plain badge rather than MUI's Chip, which this first-loaded page does not need.
              <Box
                component="li"
                key={role.name}
                title={t(`roles.descriptions.${role.name}`, { defaultValue: role.description })}
                sx={{
                  px: 1.25,
                  py: 0.25,
                  borderRadius: 4,
                  border: 1,
                  borderColor: 'divider',
                  typography: 'body2',
                }}
              >
                {t(`roles.${role.name}`, { defaultValue: role.name })}
              </Box>
            ))}
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        {d && (
          <Box sx={{ typography: 'body2', color: 'text.secondary' }} data-testid="period-range">
            {t('dashboard.period.range', {
              from: d.dateFrom,
              until: d.dateUntil,
              zone: businessTimeZone(),
            })}{' '}
            ·{' '}
            {t('dashboard.period.previous', {
              from: d.previousDateFrom,
              until: d.previousDateUntil,
            })}
          </Box>
        )}
        {stats.error && (
          <Box role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(stats.error, t)}
          </Box>
        )}
      </Box>
      {d && <DashboardWidgets d={d} busy={stats.isFetching} />}
    </Box>
  );
}
