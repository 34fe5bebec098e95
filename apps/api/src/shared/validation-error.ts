import { formatFieldError, type FieldError, type Locale } from '@app/shared';
import { AppError } from './app-error';

/**
 * A BAD_USER_INPUT error for failed field rules: the message is the first failure in the
 * request's language; `extensions.field` names that field and `extensions.fieldErrors` lists
 * every failure with its rule and parameters, so a form can show each under its input.
 */
export function validationError(errors: readonly FieldError[], locale: Locale): AppError {
  const [first] = errors;
  if (!first) throw new Error('validationError needs at least one field error');
  return new AppError('BAD_USER_INPUT', formatFieldError(first, locale), {
    reason: 'INVALID_FIELDS',
    params: { field: first.field },
    field: first.field,
    fieldErrors: errors.map((error) => ({ ...error, message: formatFieldError(error, locale) })),
  });
}

/** Throws when any rule failed. */
export function assertValid(errors: readonly FieldError[], locale: Locale): void {
  if (errors.length > 0) throw validationError(errors, locale);
}
