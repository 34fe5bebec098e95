import { AppError } from '../shared/app-error';

/** SQLSTATE query_canceled: what PostgreSQL reports when statement_timeout ends a statement. */
const QUERY_CANCELED = '57014';

/** The caller's view of a statement stopped by the timeout; undefined for any other error. */
export function statementTimeoutError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ((error as { code?: unknown }).code !== QUERY_CANCELED) return undefined;
  return new AppError('QUERY_TIMEOUT', 'The request took too long and was stopped.');
}
