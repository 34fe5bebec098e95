import type { ReactNode } from 'react';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

/** A text field that picks one of a fixed set of options, each a menu item with its label. */
export function SelectField<T extends string>({
  options,
  optionLabel,
  onValue,
  ...field
}: Omit<TextFieldProps, 'select' | 'children' | 'value' | 'onChange'> & {
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => ReactNode;
  onValue: (value: T) => void;
}) {
  return (
    <TextField select {...field} onChange={(e) => onValue(e.target.value as T)}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
