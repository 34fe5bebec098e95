import type { TFunction } from 'i18next';
import { isErrorCode } from '@app/shared';
import { GraphQLRequestError, NetworkError } from './graphql-client';

// Codes whose server message is generic enough that a translated text says it better.
const TRANSLATED_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
]);

/** The one place where an error from the API becomes text for the operator. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('errors.network');
  if (error instanceof GraphQLRequestError) {
    const code = error.code;
    if (error.isAuthorizationError) return t('errors.UNAUTHENTICATED');
    if (isErrorCode(code) && TRANSLATED_CODES.has(code)) return t(`errors.${code}`);
    return error.message;
  }
  return t('errors.INTERNAL_SERVER_ERROR');
}
