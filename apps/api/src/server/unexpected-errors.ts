import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError } from 'graphql';
import { AppError } from '../shared/app-error';

/**
 * Logs, with the request id, each error of a GraphQL answer that is neither an AppError nor
 * GraphQL's own: the ones `maskError` turns into "Unexpected error." for the caller. The one
 * place for both execution paths (yoga and the fast path).
 */
export function logUnexpectedErrors(
  log: FastifyBaseLogger,
  requestId: string,
  errors: readonly GraphQLError[] | undefined,
): void {
  for (const error of errors ?? []) {
    const original = error.originalError;
    if (original && !(original instanceof AppError) && !(original instanceof GraphQLError)) {
      log.error(
        { err: original, requestId, path: error.path },
        'unexpected error in GraphQL resolver',
      );
    }
  }
}
