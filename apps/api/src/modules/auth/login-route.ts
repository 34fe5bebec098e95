import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH } from '@app/shared';
import { setDownloadCookie } from '../../platform/exports';
import { AppError } from '../../shared/app-error';
import type { AuthService } from './auth-service';

const STATUS_OF_CODE: Partial<Record<string, number>> = {
  INVALID_CREDENTIALS: 401,
  TOTP_REQUIRED: 401,
  TOO_MANY_REQUESTS: 429,
};

/**
 * `POST /login` of spec section 7: `{email, password, totp_code?}` in, `{data: {access_token}}`
 * out. Failures answer `{errors: [{message, extensions: {code}}]}` like the GraphQL endpoint.
 */
export function registerLoginRoute(app: FastifyInstance, auth: AuthService): void {
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
      const { accessToken } = await auth.signIn(
        { email: body.email, password: body.password, totpCode: body.totp_code ?? null },
        {
          adminUserId: null,
          adminUserName: null,
          requestId: request.id,
          ip: request.ip,
          audited: [],
        },
        { userAgent: request.headers['user-agent'] },
      );
      setDownloadCookie(request, reply, accessToken);
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
