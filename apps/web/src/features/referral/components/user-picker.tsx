import { useTranslation } from 'react-i18next';
import { Autocomplete, TextField } from '@mui/material';
import { useUserNameSearch } from '@/lib/user-names';

/** Picks a user by name: suggestions by prefix from the light users call, debounced. */
export function UserPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (userName: string) => void;
}) {
  const { t } = useTranslation();
  const search = useUserNameSearch(value);
  return (
    <Autocomplete
      freeSolo
      options={search.names.map((u) => u.userName)}
      value={value || null}
      {...search.autocomplete}
      filterOptions={(x) => x}
      onChange={(_, next) => {
        if (typeof next === 'string' && next.trim() !== '') onChange(next.trim());
      }}
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
