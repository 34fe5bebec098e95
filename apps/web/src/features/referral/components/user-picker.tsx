import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, TextField } from '@mui/material';
import { useUserNames } from '@/lib/user-names';
import { useSettledText } from '@/lib/use-settled-text';

/** Picks a user by name: suggestions by prefix from the light users call, debounced. */
export function UserPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (userName: string) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value);
  const prefix = useSettledText(input);
  const names = useUserNames(prefix);
  const options = (names.data ?? []).map((u) => u.userName);
  return (
    <Autocomplete
      freeSolo
      options={options}
      value={value || null}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      onChange={(_, next) => {
        if (typeof next === 'string' && next.trim() !== '') onChange(next.trim());
      }}
      loading={names.isFetching}
      filterOptions={(x) => x}
      sx={{ maxWidth: 420 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('referral.pickUser')}
          helperText={t('referral.pickUserHint')}
        />
      )}
    />
  );
}
