import { ACCESS_TOKEN_HEADER, AUTHORIZATION_ERROR_MESSAGE, GRAPHQL_PATH } from '@app/shared';
import type { TypedDocumentString } from '@/gql/graphql';
import { getAccessToken } from './auth-token';

export type GraphQLErrorItem = {
  message: string;
  extensions?: { code?: string } & Record<string, unknown>;
};

/** The API answered with GraphQL errors. */
export class GraphQLRequestError extends Error {
  constructor(readonly errors: GraphQLErrorItem[]) {
    super(errors[0]?.message ?? 'GraphQL error');
    this.name = 'GraphQLRequestError';
  }

  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }

  /** True for the spec's `Authorization error [no auth]`: the session has ended. */
  get isAuthorizationError(): boolean {
    return this.errors.some((e) => e.message === AUTHORIZATION_ERROR_MESSAGE);
  }
}

/**
 * The request failed without a GraphQL answer. `reachedServer` tells a server or proxy
 * failure (an HTTP error without a GraphQL body: spec section 8's "Server error!") from a
 * request that never got an answer (offline, connection reset, aborted), which is not the
 * server's fault and is worded as a connection problem.
 */
export class NetworkError extends Error {
  constructor(
    cause: unknown,
    readonly reachedServer = true,
  ) {
    super(reachedServer ? 'Server error!' : 'Could not reach the server', { cause });
    this.name = 'NetworkError';
  }
}

/** Runs one typed operation against the admin endpoint with the stored access token. */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
      },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
  } catch (error) {
    throw new NetworkError(error, false);
  }
  let body: { data?: TResult | null; errors?: GraphQLErrorItem[] };
  try {
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new NetworkError(error);
  }
  if (body.errors?.length) throw new GraphQLRequestError(body.errors);
  if (!response.ok || body.data == null)
    throw new NetworkError(new Error(`HTTP ${response.status}`));
  return body.data;
}
