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

/** How long a pair is blocked after its n-th consecutive failure (0 while still free). */
export function blockDurationMs(failures: number): number {
  const over = failures - THROTTLE_POLICY.FREE_FAILURES;
  if (over <= 0) return 0;
  return Math.min(THROTTLE_POLICY.BASE_DELAY_MS * 2 ** (over - 1), THROTTLE_POLICY.MAX_DELAY_MS);
}

/** The stored key: a hash, so typed emails are not kept in clear. */
export function throttleKey(email: string, ip: string): string {
  return createHash('sha256').update(`${email.trim().toLowerCase()}\n${ip}`).digest('hex');
}
