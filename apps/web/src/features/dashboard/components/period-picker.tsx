import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import { DASHBOARD_PERIODS, type DashboardPeriodKind } from '@app/shared';
import { PlainButton, row } from './widget';

const CustomRangeForm = lazy(() =>
  import('./custom-range-form').then((m) => ({ default: m.CustomRangeForm })),
);

export type PeriodValue = { period: DashboardPeriodKind; from: string; until: string };

/** Today, 7 days, 30 days or custom dates (business days, BUSINESS_TIME_ZONE); a custom range applies on Show. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodValue;
  onChange: (next: PeriodValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ ...row, gap: 2, alignItems: 'center' }}>
      <Box role="group" aria-label={t('dashboard.period.label')} sx={row}>
        {DASHBOARD_PERIODS.map((p) => (
          <PlainButton
            key={p}
            pressed={value.period === p}
            onClick={() => onChange({ ...value, period: p })}
          >
            {t(`dashboard.period.${p}`)}
          </PlainButton>
        ))}
      </Box>
      {value.period === 'CUSTOM' && (
        <Suspense fallback={null}>
          <CustomRangeForm
            from={value.from}
            until={value.until}
            onApply={(from, until) => onChange({ period: 'CUSTOM', from, until })}
          />
        </Suspense>
      )}
    </Box>
  );
}
