import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useMailUserSearch, type MailUser } from '../api/mail-user-search';
import { useSettledText } from '@/lib/use-settled-text';

/** "name <email>": how a chosen recipient reads on its chip and in the suggestions. */
export function userLabel(user: MailUser): string {
  return `${user.userName} <${user.email}>`;
}

/**
 * Chooses the users a mail goes to by searching their name or email (prefix, debounced): each
 * pick becomes a chip, a chip's × removes it. Ids are never typed.
 */
export function RecipientPicker({
  value,
  onChange,
}: {
  value: MailUser[];
  onChange: (users: MailUser[]) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const text = useSettledText(input);
  const matches = useMailUserSearch(text);
  return (
    <Autocomplete
      multiple
      options={text ? (matches.data ?? []) : []}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        // Picking a user clears what was typed; keep it otherwise.
        if (reason !== 'reset' || next === '') setInput(next);
      }}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      filterSelectedOptions
      loading={matches.isFetching}
      noOptionsText={text ? t('mail.noUserMatches') : t('mail.typeToSearch')}
      renderOption={(props, user) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography>{user.userName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {user.email} · #{user.id}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('mail.pickUsers')}
          helperText={t('mail.pickUsersHint')}
        />
      )}
    />
  );
}
