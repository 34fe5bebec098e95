import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '@app/shared';
import { AppError } from '../shared/app-error';

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_USER_INPUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'BAD_USER_INPUT',
};

/**
 * The one error model outside GraphQL too: every error Fastify or a route throws answers
 * `{errors: [{message, extensions: {code}}]}`. Client errors (a malformed or too large body)
 * keep Fastify's message; anything else is logged with the request id and answered as
 * `Unexpected error.`, so a database message (e.g. about a NUL byte) never reaches the caller.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  /** Counts each answered error by its code (the metrics). */
  counted: (code: string) => void = () => {},
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      counted(error.code);
      return reply.code(400).send({
        errors: [{ message: error.message, extensions: { code: error.code, ...error.details } }],
      });
    }
    const status = error.statusCode ?? 500;
    const code = status < 500 ? (CODE_OF_STATUS[status] ?? 'BAD_USER_INPUT') : undefined;
    counted(code ?? 'INTERNAL_SERVER_ERROR');
    if (!code) {
      request.log.error({ err: error, requestId: request.id }, 'unexpected error in a route');
      return reply.code(500).send({
        errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      });
    }
    return reply.code(status).send({ errors: [{ message: error.message, extensions: { code } }] });
  });
}
