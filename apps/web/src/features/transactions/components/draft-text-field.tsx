import type { ComponentProps, HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';

/**
 * A text field of the add-payment and rates forms: labelled with the field's name and unit,
 * its label always raised, its input found by `testId`.
 */
export function DraftTextField({
  draftKey,
  unit,
  testId,
  inputMode,
  ...field
}: Omit<ComponentProps<typeof FormTextField>, 'label' | 'slotProps' | 'size'> & {
  draftKey: string;
  unit?: string;
  testId: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}) {
  const { t } = useTranslation();
  return (
    <FormTextField
      {...field}
      size="small"
      label={t(`transactions.fields.${draftKey}`) + (unit ? ` (${unit})` : '')}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId, inputMode } }}
    />
  );
}
