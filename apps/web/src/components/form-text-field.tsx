import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, TextField, type TextFieldProps } from '@mui/material';
import { errorMessage } from '@/lib/error-message';

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

/**
 * A form's text fields as one piece of state, keyed by the fields' names: their `values`,
 * `set` (some of them at once), and `field(name, problem)`, what a FormTextField takes to
 * edit one of them (its name, text and setter, and its refusal).
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = (changes: Partial<T>) => setValues((current) => ({ ...current, ...changes }));
  const field = (name: keyof T & string, problem?: string) => ({
    name,
    value: values[name],
    onValue: (value: string) => set({ [name]: value } as Partial<T>),
    problem,
  });
  return { values, set, field };
}

/**
 * A form's refusal that none of its fields shows (`fieldProblems`: the refusals the fields
 * show), in an alert above them.
 */
export function FormError({
  error,
  fieldProblems,
}: {
  error: unknown;
  fieldProblems: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (!error || Object.keys(fieldProblems).length > 0) return null;
  return (
    <Alert severity="error" role="alert">
      {errorMessage(error, t)}
    </Alert>
  );
}
