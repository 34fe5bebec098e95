import type { TFunction } from 'i18next';
import { isErrorCode } from '@app/shared';
import { GraphQLRequestError, NetworkError } from './graphql-client';

// Codes whose server message is generic enough that a translated text says it better.
const TRANSLATED_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'TOTP_REQUIRED',
  'TOO_MANY_REQUESTS',
  'TRY_AGAIN',
  'INTERNAL_SERVER_ERROR',
  'QUERY_TOO_COMPLEX',
  'PAYLOAD_TOO_LARGE',
  'QUERY_TIMEOUT',
]);

/** The one place where an error from the API becomes text for the operator. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError)
    return t(error.reachedServer ? 'errors.network' : 'errors.unreachable');
  if (error instanceof GraphQLRequestError) {
    const code = error.code;
    if (error.isAuthorizationError) return t('errors.UNAUTHENTICATED');
    if (isErrorCode(code) && TRANSLATED_CODES.has(code)) return t(`errors.${code}`);
    // "All N matching this filter" found a different N: say so in the operator's language.
    if (code === 'CONFLICT' && error.errors[0]?.extensions?.reason === 'LIST_CHANGED')
      return t('errors.LIST_CHANGED');
    return error.message;
  }
  return t('errors.INTERNAL_SERVER_ERROR');
}

/**
 * The toast text for a failed call (spec section 8): `Server error!` for a network failure,
 * otherwise `Error: {message}`. Returns null for `Authorization error [no auth]`, which
 * opens the blocking dialog instead of a toast.
 */
export function toastMessage(error: unknown, t: TFunction): string | null {
  if (error instanceof GraphQLRequestError && error.isAuthorizationError) return null;
  if (error instanceof NetworkError) return errorMessage(error, t);
  return t('errors.generic', { message: errorMessage(error, t) });
}
