import '@/i18n/screens';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DemoIntro } from './demo-intro';
import { DateInput } from '@/components/date-input';

const PLAN_TERMS = ['1', '2', '3', '5'] as const;

/** /pickers: the console's date and date-time field (components/date-input.tsx), and a select. */
export function PickersPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ date: '', dateTime: '', select: '' });
  const set = (key: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  // The console's own picker, not the browser's native inputs (issue 35: none on any screen).
  const fields = [
    { key: 'date', withTime: false },
    { key: 'dateTime', withTime: true },
  ] as const;
  return (
    <>
      <DemoIntro />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Stack spacing={2}>
          {fields.map((field) => (
            <Stack key={field.key} spacing={0.5}>
              <DateInput
                size="medium"
                withTime={field.withTime}
                label={t(`demo.pickers.${field.key}`)}
                value={values[field.key]}
                onChange={(value) => setValues((v) => ({ ...v, [field.key]: value }))}
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
