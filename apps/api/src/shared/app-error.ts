import type { ErrorCode } from '@app/shared';

/**
 * The one error type services throw for expected failures. The GraphQL layer maps it to
 * `extensions.code`; anything else is masked as an internal error.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
