import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mui/material';
import { DateRangeFields, isReversedRange } from '@/components/date-input';

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
  const reversed = isReversedRange(draft.from, draft.until);
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap', rowGap: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!reversed) onApply(draft.from, draft.until);
      }}
    >
      <DateRangeFields
        labels={[t('dashboard.period.from'), t('dashboard.period.until')]}
        value={draft}
        onChange={setDraft}
      />
      <Button type="submit" variant="contained" size="small" disabled={reversed}>
        {t('dashboard.period.apply')}
      </Button>
    </Stack>
  );
}
