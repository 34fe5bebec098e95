import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, TextField } from '@mui/material';

/** The two dates of a custom period; loaded only when Custom is chosen (TextField is heavy). */
export function CustomRangeForm({
  from,
  until,
  onApply,
}: {
  from: string;
  until: string;
  onApply: (from: string, until: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ from, until });
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap', rowGap: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft.from, draft.until);
      }}
    >
      <TextField
        size="small"
        type="date"
        label={t('dashboard.period.from')}
        value={draft.from}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('dashboard.period.until')}
        value={draft.until}
        onChange={(e) => setDraft({ ...draft, until: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained" size="small">
        {t('dashboard.period.apply')}
      </Button>
    </Stack>
  );
}
