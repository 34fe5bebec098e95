import { INVALID_CREDENTIALS_MESSAGE, TOTP_REQUIRED_MESSAGE } from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../shared/actor';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AuditService } from '../audit/audit-service';
import * as repo from './auth-repository';
import type { SignInInput } from './commands/sign-in';
import { verifyAgainstDummy, verifyPassword } from './password';
import { countThrottleFailure, tooManyAttempts } from './reauth';
import {
  ACCOUNT_THROTTLE_POLICY,
  THROTTLE_POLICY,
  accountThrottleKey,
  throttleKey,
} from './sign-in-throttle';
import { verifyTotp } from './totp';

const INVALID_TOTP_MESSAGE = 'The authentication code is incorrect.';

const hasNul = (value: string) => value.includes('\u0000');

/**
 * A sign-in's credential check, before its token is issued (commands/sign-in.ts): the
 * throttles, the password, the TOTP code; each failure counted and audited as facts.
 */
export function createSignInCheck(
  db: Kysely<DB>,
  audit: AuditService,
  clock: Clock,
  openTotp: (adminId: number, sealed: string) => string,
) {
  /**
   * Counts a failure against the (email, IP) pair and the account, and audits it when the
   * account exists; a failure that starts a block is audited as a throttled sign-in too.
   */
  async function recordFailure(
    keys: { pair: string; account: string },
    actor: Actor,
    credentials: repo.AdminCredentials | undefined,
    reason: 'password' | 'totp',
  ): Promise<void> {
    const pairBlock = await countThrottleFailure(db, clock, keys.pair, THROTTLE_POLICY);
    const accountBlock = await countThrottleFailure(
      db,
      clock,
      keys.account,
      ACCOUNT_THROTTLE_POLICY,
    );
    // Failures for unknown emails are not audited: they would let anyone grow the trail.
    if (credentials) {
      const who = { ...actor, adminUserId: credentials.id, adminUserName: credentials.userName };
      await audit.record(who, 'signInFailed', [credentials.id], { reason });
      const block = Math.max(pairBlock, accountBlock);
      if (block > 0) {
        await audit.record(who, 'signInThrottled', [credentials.id], {
          blockedForSeconds: Math.round(block / 1000),
          perAccount: accountBlock >= pairBlock,
        });
      }
    }
  }

  /** Refuses while the pair or the account is blocked, naming the longer wait. */
  async function assertNotBlocked(keys: { pair: string; account: string }): Promise<void> {
    const now = clock();
    let until: Date | undefined;
    for (const key of [keys.pair, keys.account]) {
      const throttle = await repo.findThrottle(db, key);
      if (throttle?.blockedUntil && throttle.blockedUntil > now) {
        if (!until || throttle.blockedUntil > until) until = throttle.blockedUntil;
      }
    }
    if (until) throw tooManyAttempts(until, now);
  }

  /**
   * Checks the password (and the TOTP code when two-factor authentication is on) of a
   * sign-in (commands/sign-in.ts issues the token). Unknown email and wrong password get the
   * same answer after the same work; repeated failures are throttled and audited (see
   * sign-in-throttle.ts). Answers the admin and the throttle key a success clears.
   */
  return async function checkSignIn(
    input: SignInInput,
    actor: Actor,
  ): Promise<{ credentials: repo.AdminCredentials; throttleKey: string }> {
    // PostgreSQL cannot store or compare a NUL character: refuse it as input, not as a
    // database error.
    if (hasNul(input.email) || hasNul(input.password) || hasNul(input.totpCode ?? '')) {
      throw new AppError(
        'BAD_USER_INPUT',
        'The email, password and code must not contain NUL characters.',
        { reason: 'NUL_CHARACTER' },
      );
    }
    const email = input.email.trim();
    const keys = { pair: throttleKey(email, actor.ip ?? ''), account: accountThrottleKey(email) };
    await assertNotBlocked(keys);
    const credentials = await repo.findCredentialsByEmail(db, email);
    const ok = credentials
      ? await verifyPassword(credentials.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!credentials || !ok) {
      await recordFailure(keys, actor, credentials, 'password');
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    if (credentials.totpSecret) {
      const code = input.totpCode?.trim();
      if (!code) throw new AppError('TOTP_REQUIRED', TOTP_REQUIRED_MESSAGE);
      const step = verifyTotp(
        openTotp(credentials.id, credentials.totpSecret),
        code,
        clock(),
        credentials.totpLastStep,
      );
      if (step === null || !(await repo.claimTotpStep(db, credentials.id, step))) {
        await recordFailure(keys, actor, credentials, 'totp');
        throw new AppError('INVALID_CREDENTIALS', INVALID_TOTP_MESSAGE);
      }
    }
    return { credentials, throttleKey: keys.pair };
  };
}
