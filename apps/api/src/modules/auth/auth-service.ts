import { ACCESS_TOKEN_TTL_MS, INVALID_CREDENTIALS_MESSAGE } from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthenticatedAdmin } from '../../graphql/context';
import { AppError } from '../../shared/app-error';
import { generateAccessToken, hashAccessToken } from './access-token';
import * as repo from './auth-repository';
import { verifyAgainstDummy, verifyPassword } from './password';

export type SignInResult = { accessToken: string; adminUserId: number };

/** Sign-in, token checks and sign-out. Tokens live in the database so replicas share them. */
export function createAuthService(db: Kysely<DB>, now: () => Date = () => new Date()) {
  return {
    /** Checks the password and issues a new access token valid for one day. */
    async signIn(email: string, password: string): Promise<SignInResult> {
      const credentials = await repo.findCredentialsByEmail(db, email.trim());
      const ok = credentials
        ? await verifyPassword(credentials.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!credentials || !ok) {
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
      }
      const accessToken = generateAccessToken();
      const issuedAt = now();
      await db.transaction().execute(async (trx) => {
        await repo.deleteExpiredAccessTokens(trx, issuedAt);
        await repo.insertAccessToken(trx, {
          tokenHash: hashAccessToken(accessToken),
          adminUserId: credentials.id,
          expiresAt: new Date(issuedAt.getTime() + ACCESS_TOKEN_TTL_MS),
        });
      });
      return { accessToken, adminUserId: credentials.id };
    },

    /** The admin behind a token, or null when it is missing, unknown or expired. */
    async authenticate(token: string | undefined): Promise<AuthenticatedAdmin | null> {
      if (!token) return null;
      const tokenHash = hashAccessToken(token);
      const owner = await repo.findTokenOwner(db, tokenHash, now());
      return owner ? { ...owner, tokenHash } : null;
    },

    /** Revokes one token on the server, so it stops working at once. */
    async signOut(tokenHash: string): Promise<void> {
      await repo.deleteAccessToken(db, tokenHash);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
