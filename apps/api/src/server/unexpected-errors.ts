import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError } from 'graphql';
import { toAppError } from '../platform/db-errors';
import { AppError } from '../shared/app-error';

/**
 * Logs, with the request id, each error of a GraphQL answer that is neither an AppError nor
 * GraphQL's own: the ones `maskError` turns into "Unexpected error." for the caller. The one
 * place for both execution paths (yoga and the fast path). A database error that
 * `platform/db-errors` explains (a trigger's refusal, a unique key) reaches the caller as a
 * coded error and is not logged as unexpected.
 */
export function logUnexpectedErrors(
  log: FastifyBaseLogger,
  requestId: string,
  errors: readonly GraphQLError[] | undefined,
): void {
  for (const error of errors ?? []) {
    const original = error.originalError;
    if (
      original &&
      !(original instanceof AppError) &&
      !(original instanceof GraphQLError) &&
      !toAppError(original)
    ) {
      log.error(
        { err: original, requestId, path: error.path },
        'unexpected error in GraphQL resolver',
      );
    }
  }
}
