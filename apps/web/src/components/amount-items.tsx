import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { AmountText } from '@/components/amount-text';
import type { AmountUnit } from '@/lib/amount';

/**
 * Detail-list rows of amounts (the user detail's cards, a history's or a snapshot's totals):
 * each named field labelled `fields.<name>`, its value in `AmountText` with its unit.
 */
export function amountItems<K extends string>(
  t: TFunction,
  values: { readonly [N in K]: string | null | undefined },
  fields: ReadonlyArray<readonly [K, AmountUnit]>,
): { label: string; value: ReactNode }[] {
  return fields.map(([name, unit]) => ({
    label: t(`fields.${name}`),
    value: <AmountText value={values[name]} unit={unit} />,
  }));
}
