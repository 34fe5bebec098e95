import '@/i18n/screens';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DemoIntro } from './demo-intro';

const PLAN_TERMS = ['1', '2', '3', '5'] as const;

/** /pickers: the browser's native date, time and month pickers styled by MUI, and a select. */
export function PickersPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ date: '', time: '', dateTime: '', month: '', select: '' });
  const set = (key: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const fields = [
    { key: 'date', type: 'date' },
    { key: 'time', type: 'time' },
    { key: 'dateTime', type: 'datetime-local' },
    { key: 'month', type: 'month' },
  ] as const;
  return (
    <>
      <DemoIntro />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Stack spacing={2}>
          {fields.map((field) => (
            <Stack key={field.key} spacing={0.5}>
              <TextField
                label={t(`demo.pickers.${field.key}`)}
                type={field.type}
                value={values[field.key]}
                onChange={set(field.key)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Typography variant="body2" color="text.secondary">
                {t('demo.pickers.selected', { value: values[field.key] || t('demo.pickers.none') })}
              </Typography>
            </Stack>
          ))}
          <TextField
            select
            label={t('demo.pickers.select')}
            value={values.select}
            onChange={set('select')}
          >
            <MenuItem value="">{t('demo.pickers.none')}</MenuItem>
            {PLAN_TERMS.map((term) => (
              <MenuItem key={term} value={term}>
                {term}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
    </>
  );
}
