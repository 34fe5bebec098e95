import { useSyncExternalStore } from 'react';

/** One message shown to the operator: errors as toasts, successes as snackbars. */
type FeedbackMessage = { id: number; text: string };

type FeedbackState = {
  /** The error toast on screen; a new one replaces it, so only one shows at a time (spec §9). */
  toast: FeedbackMessage | null;
  /** The success snackbar on screen. */
  snackbar: FeedbackMessage | null;
  /** Set by `Authorization error [no auth]`; the blocking dialog shows while it is true. */
  authExpired: boolean;
  /** True once anything was shown; the host's code loads then, not on the first page load. */
  used: boolean;
};

/** Toast timeout (spec section 9). */
export const TOAST_TIMEOUT_MS = 5_000;
/** Success snackbar timeout (spec section 9). */
export const SNACKBAR_TIMEOUT_MS = 3_000;

let state: FeedbackState = { toast: null, snackbar: null, authExpired: false, used: false };
let nextId = 1;
const listeners = new Set<() => void>();

function update(patch: Partial<FeedbackState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current feedback state, for tests and non-React callers. */
export function getFeedback(): FeedbackState {
  return state;
}

/** Subscribes a component to the feedback state. */
export function useFeedback(): FeedbackState {
  return useSyncExternalStore(subscribe, getFeedback, getFeedback);
}

/** Shows a red error toast, replacing any toast already on screen. */
export function showErrorToast(text: string): void {
  update({ toast: { id: nextId++, text }, used: true });
}

/** Shows the green 3-second success snackbar; later features call this after a save. */
export function notifySuccess(text: string): void {
  update({ snackbar: { id: nextId++, text }, used: true });
}

/** Removes the toast with this id, if it is still the one shown. */
export function dismissToast(id: number): void {
  if (state.toast?.id === id) update({ toast: null });
}

/** Removes the snackbar with this id, if it is still the one shown. */
export function dismissSnackbar(id: number): void {
  if (state.snackbar?.id === id) update({ snackbar: null });
}

/** Raises or clears the auth-error flag (spec section 4). */
export function setAuthExpired(value: boolean): void {
  if (state.authExpired !== value)
    update({ authExpired: value, toast: value ? null : state.toast });
}

/** Back to the initial state; for tests and after sign-out. */
export function resetFeedback(): void {
  update({ toast: null, snackbar: null, authExpired: false, used: false });
}
