import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH } from '@app/shared';
import type { Services } from '../../graphql/context';
import { runCommand } from '../../platform/commands';
import { clearDownloadCookie, setDownloadCookie } from '../../platform/exports';
import { AppError } from '../../shared/app-error';
import { SIGN_IN } from './commands/sign-in';

const STATUS_OF_CODE: Partial<Record<string, number>> = {
  INVALID_CREDENTIALS: 401,
  TOTP_REQUIRED: 401,
  TOO_MANY_REQUESTS: 429,
};

/**
 * `POST /login` of spec section 7: `{email, password, totp_code?}` in, `{data: {access_token}}`
 * out. Failures answer `{errors: [{message, extensions: {code}}]}` like the GraphQL endpoint.
 * It runs the one sign-in write (commands/sign-in.ts), as the postSignIn mutation does.
 */
export function registerLoginRoute(app: FastifyInstance, services: Services): void {
  app.post(LOGIN_PATH, async (request, reply) => {
    const body = request.body as {
      email?: unknown;
      password?: unknown;
      totp_code?: unknown;
    } | null;
    if (
      typeof body?.email !== 'string' ||
      typeof body.password !== 'string' ||
      (body.totp_code !== undefined &&
        body.totp_code !== null &&
        typeof body.totp_code !== 'string')
    ) {
      return reply.code(400).send({
        errors: [
          { message: 'Email and password are required.', extensions: { code: 'BAD_USER_INPUT' } },
        ],
      });
    }
    try {
      const { accessToken } = await runCommand(
        SIGN_IN,
        { email: body.email, password: body.password, totpCode: body.totp_code ?? null },
        {
          actor: {
            adminUserId: null,
            adminUserName: null,
            requestId: request.id,
            ip: request.ip,
            audited: [],
          },
          admin: null,
          // Its refusals are answered in English, as before (the route has no language).
          locale: 'en',
          userAgent: request.headers['user-agent'] ?? null,
          services,
          downloadCookie: {
            set: (token) => setDownloadCookie(request, reply, token),
            clear: () => clearDownloadCookie(request, reply),
          },
        },
      );
      return reply.send({ data: { access_token: accessToken } });
    } catch (error) {
      const status = error instanceof AppError ? STATUS_OF_CODE[error.code] : undefined;
      if (error instanceof AppError && status) {
        const retryAfter = error.details?.retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return reply.code(status).send({
          errors: [{ message: error.message, extensions: { code: error.code, ...error.details } }],
        });
      }
      throw error;
    }
  });
}
