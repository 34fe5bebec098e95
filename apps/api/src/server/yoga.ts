import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  getOperationAST,
  GraphQLError,
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { GRAPHQL_PATH, isErrorCode, type Locale } from '@app/shared';
import { statementTimeoutError } from '../db/statement-timeout';
import { useGraphQLArmor } from '../graphql/armor';
import type { GraphQLContext } from '../graphql/context';
import { resolvedRequestAdmin, resolveRequestAdmin } from '../graphql/request-admin';
import { useSecurityEvents } from '../graphql/security-events';
import { useStateChangingQueries } from '../graphql/state-changing-queries';
import { toAppError } from '../platform/db-errors';
import { clearDownloadCookie, setDownloadCookie } from '../platform/exports';
import { AppError } from '../shared/app-error';
import { errorCode, type GraphQLRequestMetrics } from '../http/request-metrics';
import type { Services } from './services';
import { getSchema } from './schema';
import { logUnexpectedErrors } from './unexpected-errors';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/**
 * The single place where errors become GraphQL errors: an AppError keeps its message and
 * gets `extensions.code`; a database error is first mapped by `platform/db-errors.ts`;
 * GraphQL's own parse and validation errors pass through; anything else is masked.
 */
export function maskError(error: unknown): Error {
  const graphQLError = error instanceof GraphQLError ? error : undefined;
  const raw = graphQLError?.originalError ?? error;
  // A refusal by the database (a unique index, a trigger, a timeout) is explained, not masked.
  const original =
    raw instanceof AppError ? raw : (statementTimeoutError(raw) ?? toAppError(raw) ?? raw);
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      nodes: graphQLError?.nodes,
      path: graphQLError?.path,
      extensions: { code: original.code, ...original.details },
    });
  }
  if (
    graphQLError &&
    (!graphQLError.originalError || graphQLError.originalError instanceof GraphQLError)
  ) {
    // A refusal of ours raised inside yoga's parse step (the token limit) keeps its own code
    // rather than the GRAPHQL_PARSE_FAILED yoga wraps it in.
    const inner = graphQLError.originalError;
    if (inner instanceof GraphQLError && isErrorCode(inner.extensions.code)) {
      return new GraphQLError(graphQLError.message, {
        nodes: graphQLError.nodes,
        extensions: { ...graphQLError.extensions, code: inner.extensions.code },
      });
    }
    return isRefusedVariable(graphQLError)
      ? new GraphQLError(graphQLError.message, {
          nodes: graphQLError.nodes,
          originalError: graphQLError.originalError,
          // A value a scalar refused keeps the scalar's reason; any other is INVALID_VALUE.
          extensions: {
            reason: 'INVALID_VALUE',
            params: {},
            ...graphQLError.extensions,
            code: 'BAD_USER_INPUT',
          },
        })
      : graphQLError;
  }
  return new GraphQLError('Unexpected error.', {
    nodes: graphQLError?.nodes,
    path: graphQLError?.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

/**
 * A variable GraphQL itself refused (an unknown enum value, a malformed scalar, a missing
 * required value) is the caller's bad input like any other: graphql-js reports it on the
 * variable's definition, without a code.
 */
function isRefusedVariable(error: GraphQLError): boolean {
  return error.extensions.code === undefined && error.nodes?.[0]?.kind === Kind.VARIABLE_DEFINITION;
}

/**
 * Tells the request metrics which operation a request ran and the codes of the errors its
 * answer carries (after masking: what the caller reads), parse and validation errors included.
 */
function useRequestMetrics(metrics: GraphQLRequestMetrics): Plugin<GraphQLContext & ServerContext> {
  return {
    onExecute: ({ args }) => {
      const operation = getOperationAST(args.document as DocumentNode, args.operationName);
      metrics.operation(
        args.contextValue.req,
        operation?.name?.value,
        operation?.operation ?? 'unknown',
      );
    },
    onResultProcess: ({ result, serverContext }) => {
      const results = Array.isArray(result) ? result : [result];
      for (const one of results) {
        if (!one || Symbol.asyncIterator in one) continue;
        const errors = (one as ExecutionResult).errors;
        // The server context is the one handed to yoga in app.ts: the Fastify request.
        const { req } = serverContext as unknown as ServerContext;
        if (errors) metrics.errors(req, errors.map(errorCode));
      }
    },
  };
}

/** Logs unexpected errors with the request id before they are masked. */
function useUnexpectedErrorLogging(): Plugin<GraphQLContext & ServerContext> {
  return {
    onExecute: () => ({
      onExecuteDone: ({ args, result }) => {
        if (!('errors' in result)) return;
        logUnexpectedErrors(args.contextValue.req.log, args.contextValue.requestId, result.errors);
      },
    }),
  };
}

/**
 * Every mutation must leave an audit row (docs/architecture.md, "Audit"). A mutation field that answered
 * without going through `withAudit` is a bug: it is logged, and in strict mode (tests) the
 * answer carries an error so the omission fails the test that ran it.
 */
function useAuditEnforcement(strict: boolean): Plugin<GraphQLContext & ServerContext> {
  return {
    onExecute: ({ args }) => {
      const operation = (args.document as DocumentNode).definitions.find(
        (d: DefinitionNode) =>
          d.kind === 'OperationDefinition' &&
          (!args.operationName || d.name?.value === args.operationName),
      );
      if (
        !operation ||
        operation.kind !== 'OperationDefinition' ||
        operation.operation !== 'mutation'
      )
        return;
      // `__typename` beside a mutation field answers a value but changes nothing.
      const introspection = new Set(
        operation.selectionSet.selections.flatMap((s) =>
          s.kind === Kind.FIELD && s.name.value.startsWith('__')
            ? [s.alias?.value ?? s.name.value]
            : [],
        ),
      );
      return {
        onExecuteDone: ({ result, setResult }) => {
          if (!('data' in result) || !result.data) return;
          const succeeded = Object.entries(result.data).filter(
            ([key, value]) => value !== null && !introspection.has(key),
          ).length;
          const ctx = args.contextValue;
          if (ctx.actor.audited.length >= succeeded) return;
          ctx.req.log.error(
            { requestId: ctx.requestId, audited: ctx.actor.audited },
            'mutation wrote no audit row',
          );
          if (strict) {
            setResult({
              ...result,
              errors: [
                ...(result.errors ?? []),
                new GraphQLError('Mutation wrote no audit row.', {
                  extensions: { code: 'INTERNAL_SERVER_ERROR' },
                }),
              ],
            });
          }
        },
      };
    },
  };
}

function localeOf(header: string | undefined): Locale {
  return header?.trim().toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/**
 * The per-request context: the admin is looked up from the access token on every request, so
 * a role change or sign-out takes effect on the next one.
 */
export async function buildContext(
  services: Services,
  req: FastifyRequest,
  reply?: FastifyReply,
): Promise<GraphQLContext> {
  const admin = await resolveRequestAdmin(services, req);
  return {
    requestId: req.id,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    locale: localeOf(req.headers['accept-language']),
    admin,
    actor: {
      adminUserId: admin?.id ?? null,
      adminUserName: admin?.userName ?? null,
      requestId: req.id,
      ip: req.ip,
      audited: [],
    },
    services,
    ...(reply && {
      downloadCookie: {
        set: (accessToken: string) => setDownloadCookie(req, reply, accessToken),
        clear: () => clearDownloadCookie(req, reply),
      },
    }),
  };
}

/** The GraphQL endpoint of spec section 7. */
export function createGraphQLServer(
  services: Services,
  options: {
    graphiql: boolean;
    strictAudit?: boolean;
    anonymousIntrospection?: boolean;
    /** The largest request body yoga reads (multipart uploads: the import limit plus room). */
    maxRequestBodySize?: number;
    /** Where each request's operation and error codes are counted (GET /metrics). */
    metrics?: GraphQLRequestMetrics;
  },
) {
  return createYoga<ServerContext, GraphQLContext>({
    schema: getSchema(),
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: options.graphiql,
    landingPage: false,
    logging: false,
    ...(options.maxRequestBodySize ? { maxRequestBodySize: options.maxRequestBodySize } : {}),
    maskedErrors: { maskError },
    // CORS is answered by Fastify for every route (http/cors.ts): same-origin unless configured.
    cors: false,
    plugins: [
      useGraphQLArmor({
        signedIn: (context) => resolvedRequestAdmin(context.req as FastifyRequest) !== null,
        anonymousIntrospection: options.anonymousIntrospection ?? false,
      }),
      // A query marked as changing state: POST only, alone in its operation.
      useStateChangingQueries(getSchema()),
      useUnexpectedErrorLogging(),
      useAuditEnforcement(options.strictAudit ?? false),
      useSecurityEvents() as Plugin<GraphQLContext & ServerContext>,
      ...(options.metrics ? [useRequestMetrics(options.metrics)] : []),
    ],
    context: ({ req, reply }) => buildContext(services, req, reply),
  });
}
