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
] as const;

export type InputProblemCode = (typeof INPUT_PROBLEM_CODES)[number];

/** A problem code with its parameters. */
export type InputProblem = { code: InputProblemCode; params?: Record<string, string | number> };

export function isInputProblemCode(value: unknown): value is InputProblemCode {
  return typeof value === 'string' && (INPUT_PROBLEM_CODES as readonly string[]).includes(value);
}
