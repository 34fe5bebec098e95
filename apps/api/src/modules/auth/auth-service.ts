import {
  ACCESS_TOKEN_TTL_MS,
  INVALID_CREDENTIALS_MESSAGE,
  TOTP_REQUIRED_MESSAGE,
  type AuditOperation,
  type Locale,
} from '@app/shared';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { isSealed, type SecretBox } from '../../shared/secret-box';
import { validationError } from '../../shared/validation-error';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import { generateAccessToken, hashAccessToken } from './access-token';
import type { ConfirmTotpInput, DisableTotpInput, SignInInput } from './auth-commands';
import * as repo from './auth-repository';
import { verifyAgainstDummy, verifyPassword } from './password';
import { countThrottleFailure, createReauthGuard, tooManyAttempts } from './reauth';
import {
  ACCOUNT_THROTTLE_POLICY,
  THROTTLE_POLICY,
  accountThrottleKey,
  throttleKey,
} from './sign-in-throttle';
import { generateTotpSecret, otpauthUri, verifyTotp } from './totp';

export type SignInResult = { accessToken: string; adminUserId: number };
/** What the sessions list shows of the client that signed in, besides the actor's address. */
export type SignInClient = { userAgent: string | null | undefined };

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
export type TotpEnrollment = { secret: string; otpauthUri: string; qrCodeDataUrl: string };

/** Shown as the account's issuer in authenticator apps. */
const TOTP_ISSUER = 'Aube Admin';
const INVALID_TOTP_MESSAGE = 'The authentication code is incorrect.';

const hasNul = (value: string) => value.includes('\u0000');

/** Sign-in, token checks, sign-out and two-factor enrolment. Tokens live in the database so replicas share them. */
/** Session rules (docs/architecture.md, "Sessions"). */
export type SessionRules = {
  idleMs: number;
  /** A super_admin without two-factor may only enrol it (REQUIRE_TOTP_FOR_SUPER_ADMIN). */
  requireTotpForSuperAdmin?: boolean;
};

export const DEFAULT_SESSION_RULES: SessionRules = { idleMs: 30 * 60_000 };

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
     * Checks the password (and the TOTP code when two-factor authentication is on) and issues
     * a new access token valid for one day. Unknown email and wrong password get the same
     * answer after the same work; repeated failures are throttled (see sign-in-throttle.ts).
     */
    async signIn(
      input: SignInInput,
      actor: Actor,
      client: SignInClient = { userAgent: null },
    ): Promise<SignInResult> {
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
      const key = keys.pair;
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
      const accessToken = generateAccessToken();
      const issuedAt = clock();
      const expiresAt = new Date(issuedAt.getTime() + ACCESS_TOKEN_TTL_MS);
      await audit.withAudit(
        { ...actor, adminUserId: credentials.id, adminUserName: credentials.userName },
        'postSignIn',
        async (trx) => {
          await repo.deleteThrottle(trx, key);
          await repo.deleteStaleThrottles(
            trx,
            new Date(issuedAt.getTime() - THROTTLE_POLICY.RESET_AFTER_MS),
          );
          await repo.deleteExpiredAccessTokens(trx, issuedAt);
          await repo.insertAccessToken(trx, {
            tokenHash: hashAccessToken(accessToken),
            adminUserId: credentials.id,
            expiresAt,
            issuedAt,
            ip: actor.ip,
            userAgent: storedUserAgent(client.userAgent),
          });
          return {
            result: undefined,
            targetIds: [credentials.id],
            before: null,
            after: { tokenExpiresAt: expiresAt, twoFactor: credentials.totpSecret !== null },
          };
        },
      );
      return { accessToken, adminUserId: credentials.id };
    },

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

    /** Ends every session of the admin, this one included; returns how many ended. */
    async signOutEverywhere(actor: Actor, adminId: number): Promise<number> {
      return audit.withAudit(actor, 'postSignOutEverywhere', async (trx) => {
        const revoked = await repo.deleteAccessTokensOfAdmin(trx, adminId);
        return {
          result: revoked,
          targetIds: [adminId],
          before: null,
          after: { revokedTokens: revoked },
        };
      });
    },

    /** Revokes one token on the server, so it stops working at once. */
    async signOut(actor: Actor, adminId: number, tokenHash: string): Promise<void> {
      await audit.withAudit(actor, 'postSignOut', async (trx) => {
        await repo.deleteAccessToken(trx, tokenHash);
        return { result: undefined, targetIds: [adminId], before: null, after: null };
      });
    },

    /**
     * Offers a new TOTP secret for the admin's own account: the otpauth:// URI and a QR code
     * of it. Nothing changes at sign-in until the admin confirms a code from the app.
     */
    async startTotpEnrollment(
      actor: Actor,
      adminId: number,
      email: string,
    ): Promise<TotpEnrollment> {
      const secret = generateTotpSecret();
      await audit.withAudit(actor, 'postStartTotpEnrollment', async (trx) => {
        const current = await repo.findCredentialsById(trx, adminId);
        if (current?.totpSecret) {
          throw new AppError(
            'CONFLICT',
            'Two-factor authentication is already enabled. Disable it first.',
            { reason: 'TOTP_ALREADY_ENABLED' },
          );
        }
        await repo.setPendingTotpSecret(trx, adminId, sealTotp(adminId, secret));
        // The secret itself never goes into the audit trail.
        return {
          result: undefined,
          targetIds: [adminId],
          before: null,
          after: { pending: true },
        };
      });
      const uri = otpauthUri(secret, email, TOTP_ISSUER);
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUri: uri,
        qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Turns two-factor authentication on once the admin proves the app shows the right code. */
    async confirmTotpEnrollment(
      actor: Actor,
      adminId: number,
      { totpCode: code }: ConfirmTotpInput,
      locale: Locale,
    ): Promise<void> {
      await audit.withAudit(actor, 'postConfirmTotpEnrollment', async (trx) => {
        const sealed = await repo.findPendingTotpSecret(trx, adminId);
        if (!sealed)
          throw new AppError('CONFLICT', 'Start two-factor enrolment first.', {
            reason: 'TOTP_ENROLMENT_NOT_STARTED',
          });
        const step = verifyTotp(openTotp(adminId, sealed), code.trim(), clock(), null);
        if (step === null)
          throw validationError([{ field: 'totpCode', rule: 'incorrect' }], locale);
        // Pending and active seeds share their row's context: the sealed value moves as is.
        await repo.setTotpSecret(trx, adminId, sealed, step, clock());
        return {
          result: undefined,
          targetIds: [adminId],
          before: { twoFactor: false },
          after: { twoFactor: true },
        };
      });
    },

    /** Turns two-factor authentication off; the admin's password is asked again. */
    async disableTotp(
      actor: Actor,
      adminId: number,
      { password }: DisableTotpInput,
      locale: Locale,
    ): Promise<void> {
      const credentials = await repo.findCredentialsById(db, adminId);
      if (
        !credentials ||
        !(await checkPasswordAgain(actor, credentials, password, 'postDisableTotp'))
      ) {
        throw validationError([{ field: 'password', rule: 'incorrect' }], locale);
      }
      await audit.withAudit(actor, 'postDisableTotp', async (trx) => {
        await repo.setTotpSecret(trx, adminId, null, null, clock());
        return {
          result: undefined,
          targetIds: [adminId],
          before: { twoFactor: credentials.totpSecret !== null },
          after: { twoFactor: false },
        };
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
