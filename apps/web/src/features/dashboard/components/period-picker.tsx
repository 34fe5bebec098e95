import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DASHBOARD_PERIODS, type DashboardPeriodKind } from '@app/shared';

export type PeriodValue = { period: DashboardPeriodKind; from: string; until: string };

/** Today, 7 days, 30 days or custom dates (UTC days); a custom range applies on Show. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodValue;
  onChange: (next: PeriodValue) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(value.from);
  const [until, setUntil] = useState(value.until);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' } }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value.period}
        aria-label={t('dashboard.period.label')}
        onChange={(_, next: DashboardPeriodKind | null) => {
          if (next) onChange({ period: next, from, until });
        }}
      >
        {DASHBOARD_PERIODS.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(`dashboard.period.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.period === 'CUSTOM' && (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ period: 'CUSTOM', from, until });
          }}
        >
          <TextField
            size="small"
            type="date"
            label={t('dashboard.period.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('dashboard.period.until')}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" size="small">
            {t('dashboard.period.apply')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
