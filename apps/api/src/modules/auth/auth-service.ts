import type { AuditOperation } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';
import type { Clock } from '../../shared/clock';
import { isSealed, type SecretBox } from '../../shared/secret-box';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import { hashAccessToken } from './access-token';
import * as repo from './auth-repository';
import { createReauthGuard } from './reauth';
import { createSignInCheck } from './sign-in-check';

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

/** Session rules (docs/architecture.md, "Sessions"). */
export type SessionRules = {
  idleMs: number;
  /** A super_admin without two-factor may only enrol it (REQUIRE_TOTP_FOR_SUPER_ADMIN). */
  requireTotpForSuperAdmin?: boolean;
};

const DEFAULT_SESSION_RULES: SessionRules = { idleMs: 30 * 60_000 };

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

    /** A sign-in's credential check (sign-in-check.ts); commands/sign-in.ts issues the token. */
    checkSignIn: createSignInCheck(db, audit, clock, openTotp),

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
