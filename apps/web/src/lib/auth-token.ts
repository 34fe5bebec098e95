import { ACCESS_TOKEN_STORAGE_KEY } from '@app/shared';

/** The access token lives in localStorage under `accessToken`, as the spec says. */
export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
}

// True once this tab signed out itself: a missing token is then no surprise (no dialog).
let signedOutHere = false;

/**
 * True once this tab signed out itself (OK in the sign-in-again dialog included) and has not
 * signed in since: a call still under way then that meets the ended session reopens no dialog.
 */
export const signedOutInThisTab = () => signedOutHere;

export function setAccessToken(token: string): void {
  signedOutHere = false;
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
}

export function clearAccessToken(): void {
  signedOutHere = true;
  localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
}

/**
 * True when this tab had a session whose token is gone without this tab signing out: another
 * tab signed out (the storage is shared). That is an ended session, answered by the sign-in
 * dialog like any 401, not by a silent jump to /login.
 */
export function tokenEndedElsewhere(): boolean {
  return !signedOutHere && getAccessToken() === null;
}

/** Calls `onEnded` when another tab removes the token (signs out). Returns the unsubscribe. */
export function onTokenRemovedElsewhere(onEnded: () => void): () => void {
  const listener = (event: StorageEvent) => {
    // `key` null: the other tab cleared the whole storage.
    if ((event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === null) && !getAccessToken()) {
      onEnded();
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
