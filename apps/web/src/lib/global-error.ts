import type { TFunction } from 'i18next';
import { toastMessage } from './error-message';
import { setAuthExpired, showErrorToast } from './feedback';
import { GraphQLRequestError } from './graphql-client';

/** Query or mutation `meta` that opts out of the global handler (the caller shows its own error). */
export type SilentMeta = { silentError?: boolean };

/**
 * The app-wide reaction to a failed call, wired into the QueryClient's caches: the auth
 * error raises the blocking dialog, every other error becomes one red toast.
 */
export function handleGlobalError(
  error: unknown,
  t: TFunction,
  meta?: Record<string, unknown>,
): void {
  // Sign-in and sign-out report their own outcome; sign-out with a dead token must not
  // reopen the dialog it is closing.
  if ((meta as SilentMeta | undefined)?.silentError) return;
  if (error instanceof GraphQLRequestError && error.isAuthorizationError) {
    setAuthExpired(true);
    return;
  }
  const text = toastMessage(error, t);
  if (text) showErrorToast(text);
}
