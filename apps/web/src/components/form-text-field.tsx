import { TextField, type TextFieldProps } from '@mui/material';

/**
 * A form's text field bound to one piece of state: its text and setter, and under it the
 * field's refusal (`problem`, the field then marked in error) or else its `hint`.
 */
export function FormTextField({
  value,
  onValue,
  problem,
  hint,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText'> & {
  value: string;
  onValue: (value: string) => void;
  problem?: string;
  hint?: string;
}) {
  return (
    <TextField
      {...field}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={Boolean(problem)}
      helperText={problem ?? hint}
    />
  );
}
