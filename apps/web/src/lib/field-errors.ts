import { formatFieldError, type FieldError, type FieldName, type Locale } from '@app/shared';
import { GraphQLRequestError } from './graphql-client';

/** Messages per field, in the UI language, from shared rule results (spec section 5). */
type FieldMessages = Partial<Record<FieldName, string>>;

/** The first message per field of a list of failed rules. */
export function fieldMessages(
  errors: ReadonlyArray<FieldError | null>,
  locale: string,
): FieldMessages {
  const lang: Locale = locale === 'en' ? 'en' : 'ja';
  const out: FieldMessages = {};
  for (const error of errors) {
    if (error && !out[error.field]) out[error.field] = formatFieldError(error, lang);
  }
  return out;
}

/**
 * Field messages from a BAD_USER_INPUT answer (`extensions.fieldErrors`), rendered in the UI
 * language from the rule and its parameters rather than the server's text.
 */
export function serverFieldMessages(error: unknown, locale: string): FieldMessages {
  if (!(error instanceof GraphQLRequestError) || error.code !== 'BAD_USER_INPUT') return {};
  const list = error.errors[0]?.extensions?.fieldErrors;
  return Array.isArray(list) ? fieldMessages(list as FieldError[], locale) : {};
}
