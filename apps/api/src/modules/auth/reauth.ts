import type { Kysely } from 'kysely';
import type { AuditOperation } from '@app/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import * as repo from './auth-repository';
import { verifyPassword } from './password';
import {
  THROTTLE_POLICY,
  blockDurationMs,
  reauthThrottleKey,
  type ThrottlePolicy,
} from './sign-in-throttle';

/** The refusal while a throttle key is blocked, with the seconds left (also as Retry-After). */
export function tooManyAttempts(
  blockedUntil: Date,
  now: Date,
  what = 'sign-in attempts',
): AppError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many failed ${what}. Please try again in ${seconds} seconds.`,
    { retryAfterSeconds: seconds },
  );
}

/** Counts one failure against a key in its own transaction; returns the block it set (ms). */
export async function countThrottleFailure(
  db: Kysely<DB>,
  clock: Clock,
  key: string,
  policy: ThrottlePolicy,
): Promise<number> {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    const failures = await repo.addThrottleFailure(
      trx,
      key,
      now,
      new Date(now.getTime() - policy.RESET_AFTER_MS),
    );
    const block = blockDurationMs(failures, policy);
    await repo.setThrottleBlock(trx, key, block > 0 ? new Date(now.getTime() + block) : null);
    return block;
  });
}

/**
 * Password checks behind a token (postUpdateAdminUserProfile's oldPassword, postDisableTotp's
 * password) are throttled per admin like sign-in, and each failure is a security event in
 * the audit trail: a stolen token must not become a way to guess the password.
 */
export function createReauthGuard(db: Kysely<DB>, audit: AuditService, clock: Clock) {
  return async function checkPasswordAgain(
    actor: Actor,
    admin: { id: number; passwordHash: string },
    password: string,
    operation: AuditOperation,
  ): Promise<boolean> {
    const key = reauthThrottleKey(admin.id);
    const started = clock();
    const throttle = await repo.findThrottle(db, key);
    if (throttle?.blockedUntil && throttle.blockedUntil > started) {
      throw tooManyAttempts(throttle.blockedUntil, started, 'password checks');
    }
    if (await verifyPassword(admin.passwordHash, password)) {
      await repo.deleteThrottle(db, key);
      return true;
    }
    const block = await countThrottleFailure(db, clock, key, THROTTLE_POLICY);
    await audit.record(actor, 'reauthFailed', [admin.id], {
      during: operation,
      blockedForSeconds: Math.round(block / 1000),
    });
    return false;
  };
}
