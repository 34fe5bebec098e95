import { ACCESS_TOKEN_TTL_MS, change } from '@app/shared';
import { defineCommand, type CommandInput } from '../../../platform/commands';
import { generateAccessToken, hashAccessToken } from '../access-token';
import * as repo from '../auth-repository';
import { storedUserAgent } from '../auth-service';
import { SignInResultRef } from '../auth-types';
import { THROTTLE_POLICY } from '../sign-in-throttle';

const SIGN_IN_INPUT = {
  email: { type: 'String', required: true },
  password: { type: 'String', required: true },
  totpCode: { type: 'String' },
} as const;

/**
 * Signs in: the credentials are checked (and failures throttled and audited) by the auth
 * service; a success issues a token valid for one day, written as the admin who signed in.
 * `POST /login` runs the same write (login-route.ts). A failed sign-in writes a facts event of
 * its own (`signInFailed`), which no mutation is named after.
 */
export const SIGN_IN = defineCommand({
  name: 'postSignIn',
  event: change<null, { tokenExpiresAt: string; twoFactor: boolean }>()('admin_user'),
  description:
    'Signs in with email and password (and the authenticator code when two-factor authentication is on) and returns a new access token.',
  access: 'public',
  scope: 'records',
  refreshes: [],
  input: SIGN_IN_INPUT,
  answer: SignInResultRef,
  handler: async (input, { actor, audit, services, userAgent, downloadCookie }) => {
    const { credentials, throttleKey } = await services.auth.checkSignIn(input, actor);
    const accessToken = generateAccessToken();
    const issuedAt = services.clock();
    const expiresAt = new Date(issuedAt.getTime() + ACCESS_TOKEN_TTL_MS);
    const who = { ...actor, adminUserId: credentials.id, adminUserName: credentials.userName };
    await audit.change(async (trx) => {
      await repo.deleteThrottle(trx, throttleKey);
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
        userAgent: storedUserAgent(userAgent),
      });
      return {
        result: undefined,
        targetIds: [credentials.id],
        before: null,
        after: { tokenExpiresAt: expiresAt, twoFactor: credentials.totpSecret !== null },
      };
    }, who);
    downloadCookie?.set(accessToken);
    return { accessToken, adminUserId: credentials.id, message: 'Signed in.' };
  },
});

// Of the input, not of the command: the auth service checks this input, and the command's type
// reaches the services through its handler's environment.
export type SignInInput = CommandInput<typeof SIGN_IN_INPUT>;
