import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH } from '@app/shared';
import { AppError } from '../../shared/app-error';
import type { Services } from '../../services';

/** `POST /login` of spec section 7: `{email, password}` in, `{data: {access_token}}` out. */
export function registerLoginRoute(app: FastifyInstance, services: Services): void {
  app.post(LOGIN_PATH, async (request, reply) => {
    const body = request.body as { email?: unknown; password?: unknown } | null;
    if (typeof body?.email !== 'string' || typeof body.password !== 'string') {
      return reply.code(400).send({
        errors: [{ message: 'Email and password are required.', extensions: { code: 'BAD_USER_INPUT' } }],
      });
    }
    try {
      const { accessToken } = await services.auth.signIn(body.email, body.password);
      return reply.send({ data: { access_token: accessToken } });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
        return reply
          .code(401)
          .send({ errors: [{ message: error.message, extensions: { code: error.code } }] });
      }
      throw error;
    }
  });
}
