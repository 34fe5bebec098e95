import { ACCESS_TOKEN_HEADER, AUTHORIZATION_ERROR_MESSAGE, GRAPHQL_PATH } from '@app/shared';
import type { TypedDocumentString } from '@/gql/graphql';
import { storedLocale } from '@/i18n';
import { getAccessToken, signedOutInThisTab } from './auth-token';
import { setAuthExpired } from './feedback';

/*
 * The one client of the API. This module is its core, loaded with the first page: the JSON
 * GraphQL call, the answer and error model every kind of call shares, and the reaction to an
 * ended session. Uploads with progress (`./upload.ts`) and downloads (`./download.ts`) build
 * on these functions and live apart only so the first page does not carry them.
 */

type GraphQLErrorItem = {
  message: string;
  extensions?: { code?: string } & Record<string, unknown>;
};

/** The API answered with GraphQL errors (or a route answered with the same error body). */
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

/** What a caller may ask of any call to the API. */
export type CallOptions = {
  /**
   * false: an ended session does not raise the sign-in dialog (sign-out, which is ending the
   * session the dialog is about, and reports nothing).
   */
  signInDialog?: boolean;
};

/**
 * The headers every call carries: the session's token (also the CSRF proof of a multipart)
 * and the admin's chosen language, so that any text the server words itself follows the
 * language the admin picked in the app rather than the browser's own Accept-Language.
 */
export function authHeaders(): Record<string, string> {
  const token = getAccessToken();
  const language = { 'accept-language': storedLocale() };
  return token ? { [ACCESS_TOKEN_HEADER]: token, ...language } : language;
}

/** True when an error says the session has ended, whichever kind of call got it. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof GraphQLRequestError && error.isAuthorizationError;
}

/**
 * The error of a refused answer: the API's error body when it has one; a bare HTTP 401 (a
 * proxy, a route) is the ended session too.
 */
export function refusalError(status: number, body: unknown): GraphQLRequestError | null {
  let errors = (body as { errors?: GraphQLErrorItem[] } | null)?.errors;
  if (status === 401 && !errors?.length) errors = [{ message: AUTHORIZATION_ERROR_MESSAGE }];
  return errors?.length ? new GraphQLRequestError(errors) : null;
}

/**
 * The one place a failed call passes before its caller sees the error: an ended session
 * raises the blocking sign-in dialog (spec section 4), whatever the call was. Text for the
 * operator is made from the error in one place too (`error-message.ts`).
 */
export function failed(error: unknown, options?: CallOptions): unknown {
  // Not after this tab signed out: a late answer (a refetch on focus) would put the dialog
  // again over the sign-in page its OK opened (issue 35: OK had to be pressed twice).
  if (options?.signInDialog !== false && isSessionEnded(error) && !signedOutInThisTab())
    setAuthExpired(true);
  return error;
}

/**
 * The operation's data from a GraphQL answer (JSON over fetch or multipart over XHR; `body`
 * null when it was not JSON), or the error: GraphQL errors first, then an HTTP failure.
 */
export function readAnswer<TResult>(status: number, body: unknown): TResult {
  const refusal = refusalError(status, body);
  if (refusal) throw refusal;
  const data = (body as { data?: TResult | null } | null)?.data;
  if (status > 299 || data == null) throw new NetworkError(new Error(`HTTP ${status}`));
  return data;
}

/** Runs one typed operation against the admin endpoint with the stored access token. */
export function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  return request(document, variables);
}

/** `execute` with call options (sign-out: no sign-in dialog). */
export async function request<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables?: TVariables,
  options?: CallOptions,
): Promise<TResult> {
  try {
    const response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...authHeaders(),
      },
      body: JSON.stringify({ query: document.toString(), variables }),
    }).catch((error: unknown) => {
      throw new NetworkError(error, false);
    });
    return readAnswer<TResult>(response.status, await response.json().catch(() => null));
  } catch (error) {
    throw failed(error, options);
  }
}
