import type { TFunction } from 'i18next';
import { toastMessage } from './error-message';
import { showErrorToast } from './feedback';
import { failed, isSessionEnded } from './graphql-client';

/** Query or mutation `meta` that opts out of the global handler (the caller shows its own error). */
type SilentMeta = { silentError?: boolean };

/**
 * The app-wide reaction to a failed call, wired into the QueryClient's caches: the auth
 * error raises the blocking dialog, every other error becomes one red toast.
 */
export function handleGlobalError(
  error: unknown,
  t: TFunction,
  meta?: Record<string, unknown>,
): void {
  // Calls that show their own outcome (sign-in, the profile's forms) want no toast; an ended
  // session still raises the dialog, in the client itself.
  if ((meta as SilentMeta | undefined)?.silentError) return;
  // The client has raised the dialog already; an error that reaches here another way gets
  // the client's same reaction, and no toast.
  if (isSessionEnded(error)) {
    failed(error);
    return;
  }
  const text = toastMessage(error, t);
  if (text) showErrorToast(text);
}
