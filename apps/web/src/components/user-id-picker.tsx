import type { ReactNode } from 'react';
import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useUserNameSearch } from '@/lib/user-names';

/** A user chosen in a picker: the id the screen keeps and the name it shows. */
export type PickedUser = { id: number; userName: string };

/**
 * Picks a user by name prefix (suggestions from the light users call, debounced) and keeps
 * the chosen user's id; a disabled picker searches nothing.
 */
export function UserIdPicker({
  value,
  onChange,
  label,
  helperText,
  error = false,
  disabled = false,
  optionLabel = (u) => u.userName,
  sx,
}: {
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  label: string;
  helperText: ReactNode;
  error?: boolean;
  disabled?: boolean;
  optionLabel?: (user: PickedUser) => string;
  sx?: SxProps<Theme>;
}) {
  const search = useUserNameSearch(value?.userName ?? '', !disabled);
  return (
    <Autocomplete
      options={search.names}
      disabled={disabled}
      value={value}
      {...search.autocomplete}
      filterOptions={(x) => x}
      onChange={(_, next) => onChange(next)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={sx}
      renderInput={(params) => (
        <TextField {...params} size="small" label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
