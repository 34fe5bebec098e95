import type { ComponentProps } from 'react';
import { FormTextField } from '@/components/form-text-field';

/** The six-digit code of an authenticator app: a numeric keyboard, the browser's one-time code. */
export function TotpCodeField(
  props: Omit<ComponentProps<typeof FormTextField>, 'name' | 'slotProps'>,
) {
  return (
    <FormTextField
      {...props}
      name="totpCode"
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
      }}
    />
  );
}
