/**
 * What is wrong with one argument of a call (BAD_USER_INPUT from a list filter, a form, an
 * action): `extensions.field` names the argument, `extensions.problem` is one of these codes
 * and `extensions.params` its parameters. The web app words them in the admin's language
 * (`errors.input.<code>`, the field by its label); the English `field: message` of the error
 * stays for API callers.
 * - invalid: no finer code ({field}).
 * - oneOf: not one of `values` (comma-separated).
 * - positiveId: not an id (a whole number of 1 or more).
 * - calendarDate: not a date such as 2026-03-01.
 * - notAfter / notBefore: must not be after / before the argument `other`.
 * - amount: not an amount of 0 or more; amountScale / amountDigits: more than `max` decimal
 *   places / digits before the point for `unit`.
 * - positive: must be more than 0.
 * - maxLength: more than `max` characters.
 * - required: missing.
 * - maxDays: a range longer than `max` days.
 * - tooManyMatching: more than `max` requests match the filter.
 * - wholeNumber: not a whole number of `min` or more (no decimal point, no separators).
 */
export const INPUT_PROBLEM_CODES = [
  'invalid',
  'oneOf',
  'positiveId',
  'calendarDate',
  'notAfter',
  'notBefore',
  'amount',
  'amountScale',
  'amountDigits',
  'positive',
  'maxLength',
  'required',
  'maxDays',
  'tooManyMatching',
  'wholeNumber',
] as const;

export type InputProblemCode = (typeof INPUT_PROBLEM_CODES)[number];

/** A problem code with its parameters. */
export type InputProblem = { code: InputProblemCode; params?: Record<string, string | number> };

export function isInputProblemCode(value: unknown): value is InputProblemCode {
  return typeof value === 'string' && (INPUT_PROBLEM_CODES as readonly string[]).includes(value);
}

/**
 * paidUsd of a payment added by hand (postAddUserPayment, spec section 7: `paidUsd Int`;
 * section 5's min_value): whole US dollars, at least this. The form and the API check it with
 * `paidUsdProblem`, so both refuse the same values with the same words.
 */
export const PAID_USD_MIN = 1;

/** What is wrong with a typed paidUsd (digits only, at least PAID_USD_MIN), or null. */
export function paidUsdProblem(value: string): InputProblem | null {
  const text = value.trim();
  if (/^\d{1,15}$/.test(text) && Number(text) >= PAID_USD_MIN) return null;
  return { code: 'wholeNumber', params: { min: PAID_USD_MIN } };
}
