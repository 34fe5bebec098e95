import {
  INVALID_CREDENTIALS_MESSAGE,
  TOTP_REQUIRED_MESSAGE,
  type AuditOperation,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { isSealed, type SecretBox } from '../../shared/secret-box';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import { hashAccessToken } from './access-token';
import type { SignInInput } from './commands/sign-in';
import * as repo from './auth-repository';
import { verifyAgainstDummy, verifyPassword } from './password';
import { countThrottleFailure, createReauthGuard, tooManyAttempts } from './reauth';
import {
  ACCOUNT_THROTTLE_POLICY,
  THROTTLE_POLICY,
  accountThrottleKey,
  throttleKey,
} from './sign-in-throttle';
import { verifyTotp } from './totp';

/** Longest User-Agent kept (real ones are 100–300 characters; the header is client-written). */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * The User-Agent as stored: control characters (NUL cannot be stored at all) become spaces,
 * blank is none, and it is cut to USER_AGENT_MAX_LENGTH.
 */
export function storedUserAgent(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- exactly the control characters are replaced
  const text = value?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return text ? text.slice(0, USER_AGENT_MAX_LENGTH) : null;
}
const INVALID_TOTP_MESSAGE = 'The authentication code is incorrect.';

const hasNul = (value: string) => value.includes('\u0000');

/** Session rules (docs/architecture.md, "Sessions"). */
export type SessionRules = {
  idleMs: number;
  /** A super_admin without two-factor may only enrol it (REQUIRE_TOTP_FOR_SUPER_ADMIN). */
  requireTotpForSuperAdmin?: boolean;
};

export const DEFAULT_SESSION_RULES: SessionRules = { idleMs: 30 * 60_000 };

/**
 * Token checks, the sign-in's credential check and what the session and two-factor writes
 * share (commands/, one file each). Tokens live in the database so replicas share them.
 */
export function createAuthService(
  db: Kysely<DB>,
  audit: AuditService,
  clock: Clock,
  secretBox: SecretBox,
  sessions: SessionRules = DEFAULT_SESSION_RULES,
) {
  // A session's last use is written at most this often: one write per request would double
  // the cost of a read, and a minute is precise enough for an idle timeout of minutes.
  const touchEveryMs = Math.min(60_000, sessions.idleMs / 10);
  // TOTP seeds are stored sealed, bound to their admin's row (docs/architecture.md).
  const totpContext = (adminId: number) => `admin_users:${adminId}:totp`;
  const sealTotp = (adminId: number, secret: string) =>
    secretBox.seal(secret, totpContext(adminId));
  const openTotp = (adminId: number, sealed: string) =>
    secretBox.open(sealed, totpContext(adminId));

  const checkPasswordAgain = createReauthGuard(db, audit, clock);

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

  return {
    /**
     * Whether `password` is this admin's password, asked again behind a token (the admin-users
     * module's profile change), under the same throttle as sign-in (reauth.ts).
     */
    async passwordMatchesThrottled(
      actor: Actor,
      adminId: number,
      password: string,
      operation: AuditOperation,
    ): Promise<boolean> {
      const credentials = await repo.findCredentialsById(db, adminId);
      return (
        credentials !== undefined &&
        (await checkPasswordAgain(actor, credentials, password, operation))
      );
    },

    /**
     * Ends every session of an admin except, optionally, the one in use, inside the caller's
     * transaction (a password change revokes in the same transaction as its audit row).
     * Returns how many.
     */
    revokeSessions(trx: Executor, adminId: number, exceptTokenHash?: string): Promise<number> {
      return repo.deleteAccessTokensOfAdmin(trx, adminId, exceptTokenHash);
    },

    /**
     * Seals TOTP secrets stored as plaintext by versions before sealing; run at start-up.
     * Returns how many secrets it sealed (0 once done, so it is cheap to run every time).
     */
    async sealPlaintextTotpSecrets(): Promise<number> {
      let sealed = 0;
      await db.transaction().execute(async (trx) => {
        for (const row of await repo.findPlaintextTotpSecrets(trx)) {
          for (const [column, value] of [
            ['totp_secret', row.active],
            ['totp_pending_secret', row.pending],
          ] as const) {
            if (value === null || isSealed(value)) continue;
            await repo.replaceTotpSecret(trx, row.id, column, value, sealTotp(row.id, value));
            sealed += 1;
          }
        }
      });
      return sealed;
    },

    /**
     * Checks the password (and the TOTP code when two-factor authentication is on) of a
     * sign-in (commands/sign-in.ts issues the token). Unknown email and wrong password get the
     * same answer after the same work; repeated failures are throttled and audited (see
     * sign-in-throttle.ts). Answers the admin and the throttle key a success clears.
     */
    async checkSignIn(
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
    },

    /** A TOTP seed as stored: sealed, bound to its admin's row (docs/architecture.md). */
    sealTotp,
    /** A stored TOTP seed opened (pending and active seeds share their row's context). */
    openTotp,

    /** The admin behind a token, or null when it is missing, unknown or expired. */
    async authenticate(token: string | undefined): Promise<AuthenticatedAdmin | null> {
      if (!token) return null;
      const tokenHash = hashAccessToken(token);
      const now = clock();
      const owner = await repo.findTokenOwner(
        db,
        tokenHash,
        now,
        new Date(now.getTime() - sessions.idleMs),
      );
      if (!owner) return null;
      if (now.getTime() - owner.lastUsedAt.getTime() >= touchEveryMs) {
        await repo.touchAccessToken(db, tokenHash, now);
      }
      const { lastUsedAt: _lastUsedAt, totpEnabled, ...admin } = owner;
      const totpRequired =
        (sessions.requireTotpForSuperAdmin ?? false) &&
        admin.roles.includes('super_admin') &&
        !totpEnabled;
      return { ...admin, tokenHash, totpRequired };
    },

    /** The admin's own live sessions, this one marked `current`. */
    async sessions(adminId: number, currentTokenHash: string): Promise<repo.SessionRow[]> {
      const now = clock();
      return repo.listSessionsOfAdmin(
        db,
        adminId,
        currentTokenHash,
        now,
        new Date(now.getTime() - sessions.idleMs),
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
