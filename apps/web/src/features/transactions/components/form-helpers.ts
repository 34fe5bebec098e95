import type { TFunction } from 'i18next';
import { checkDecimalText, passesMinValueCustom, VALIDATION_MESSAGES } from '@app/shared';

/**
 * One of the spec's message templates (section 5) in the screen's language, with a translated
 * field name: required 'Please input {field}', min_value '… must be {min} or more', regex.
 */
export function ruleMessage(
  t: TFunction,
  language: string,
  rule: 'required' | 'min_value' | 'regex',
  fieldKey: string,
  params: Record<string, string | number> = {},
): string {
  const locale = language.startsWith('en') ? 'en' : 'ja';
  const values: Record<string, string | number> = {
    ...params,
    field: t(`transactions.fields.${fieldKey}`),
  };
  return VALIDATION_MESSAGES[locale][rule].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** A decimal text within `scale` places, never negative (the API's own check). */
export function decimalProblem(value: string, scale: number): boolean {
  return checkDecimalText(value.trim(), { scale }) !== null;
}

/**
 * min_value_custom (spec section 5) for a coin amount whose target is the other coin: '0'
 * passes while the target is not 0; otherwise the amount must be at least the minimum, which
 * for decimal coin amounts means more than 0 (the rule's "integer" reading fits paidUsd).
 */
export function passesCoinMinValue(value: string, target: string): boolean {
  const v = value.trim();
  if (/[1-9]/.test(v)) return true;
  return passesMinValueCustom('0', { min: 1, target: /[1-9]/.test(target) ? target.trim() : '0' });
}
