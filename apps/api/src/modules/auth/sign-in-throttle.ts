import { createHash } from 'node:crypto';

/**
 * Sign-in throttling policy. Failures are counted per (email as typed, client IP):
 * - the first FREE_FAILURES failures in a row cost nothing;
 * - each further failure blocks that pair for BASE_DELAY_MS, doubling each time, capped at
 *   MAX_DELAY_MS (15 s, 30 s, 1 min, 2 min, 4 min, then 5 min);
 * - a success clears the count; a pair with no failure for RESET_AFTER_MS starts over.
 * Because the key includes the IP, an attacker only slows down their own address: the real
 * admin signing in from elsewhere is never locked out, and even behind the same address the
 * wait never exceeds five minutes. Keying by the email string rather than the account means
 * an unknown email is throttled exactly like a known one.
 */
export const THROTTLE_POLICY = {
  FREE_FAILURES: 4,
  BASE_DELAY_MS: 15_000,
  MAX_DELAY_MS: 5 * 60_000,
  RESET_AFTER_MS: 60 * 60_000,
} as const;

export type ThrottlePolicy = {
  FREE_FAILURES: number;
  BASE_DELAY_MS: number;
  MAX_DELAY_MS: number;
  RESET_AFTER_MS: number;
};

/**
 * The per-account limit, whatever the address: an attacker spreading guesses over many
 * addresses gets 10 free ones, then one per 5 s, 10 s, … at most one a minute. The cap is
 * short on purpose: the real admin shares this count, so a flood costs them at most a minute's
 * wait (the per-pair limit above still applies to each address).
 */
export const ACCOUNT_THROTTLE_POLICY: ThrottlePolicy = {
  FREE_FAILURES: 10,
  BASE_DELAY_MS: 5_000,
  MAX_DELAY_MS: 60_000,
  RESET_AFTER_MS: THROTTLE_POLICY.RESET_AFTER_MS,
};

/** How long a key is blocked after its n-th consecutive failure (0 while still free). */
export function blockDurationMs(
  failures: number,
  policy: ThrottlePolicy = THROTTLE_POLICY,
): number {
  const over = failures - policy.FREE_FAILURES;
  if (over <= 0) return 0;
  return Math.min(policy.BASE_DELAY_MS * 2 ** (over - 1), policy.MAX_DELAY_MS);
}

/** The stored key: a hash, so typed emails are not kept in clear. */
export function throttleKey(email: string, ip: string): string {
  return createHash('sha256').update(`${email.trim().toLowerCase()}\n${ip}`).digest('hex');
}

/** The per-account key of the email as typed (unknown emails are throttled alike). */
export function accountThrottleKey(email: string): string {
  return createHash('sha256').update(`account\n${email.trim().toLowerCase()}`).digest('hex');
}

/**
 * The key of password checks behind a token (changing the password or email, turning
 * two-factor off): per admin, so a stolen token cannot guess the password faster than
 * sign-in allows.
 */
export function reauthThrottleKey(adminId: number): string {
  return createHash('sha256').update(`reauth\n${adminId}`).digest('hex');
}
