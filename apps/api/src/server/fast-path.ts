import type { FastifyReply, FastifyRequest } from 'fastify';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import {
  getOperationAST,
  specifiedRules,
  validate,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { errorCode, type GraphQLRequestMetrics } from '../http/request-metrics';
import type { Services } from './services';
import { asksForSchema, LIMIT_RULES, parseLimited } from '../graphql/armor';
import { recordRefusals } from '../graphql/security-events';
import { rootFields } from '../graphql/state-changing-queries';
import { getSchema } from './schema';
import { logUnexpectedErrors } from './unexpected-errors';
import { buildContext, maskError } from './yoga';

/** How many distinct query texts keep their parsed and validated document. */
const DOCUMENT_CACHE_SIZE = 500;
/** Longer texts are not cached (and go through the full server). */
const MAX_CACHED_QUERY_LENGTH = 20_000;

/**
 * A parsed query that passed validation and the limits, compiled to a function by graphql-jit:
 * graphql-js interprets the document on every request (collecting fields, coercing arguments,
 * completing values), which cost more CPU than the users page's own JSON; the compiled query
 * does that work once.
 */
type Cached = { compiled: CompiledQuery; operationName: string | undefined };

type JsonBody = {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
};

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const JSON_TYPE = 'application/json';

/** Which media type to answer in, or undefined when the request accepts neither of ours. */
function responseType(accept: string | undefined): string | undefined {
  if (!accept) return JSON_TYPE;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  for (const type of types) {
    if (type === GRAPHQL_RESPONSE) return GRAPHQL_RESPONSE;
    if (type === JSON_TYPE || type === '*/*' || type === 'application/*') return JSON_TYPE;
  }
  return undefined;
}

/**
 * A lean execution path for the common request, beside graphql-yoga: a POSTed JSON query whose
 * text was already parsed and validated once. It runs graphql-js `execute` with the same
 * per-request context (token looked up on every request) and the same error masking, and
 * answers as yoga would. Everything else — GET, multipart uploads, mutations, documents that
 * do not parse or validate, request errors — is left to yoga (returns false), which keeps the
 * GraphQL-over-HTTP behaviour in one place. Why: yoga's per-request machinery (fetch API
 * request/response objects, envelop hooks) cost more than the users page's own SQL.
 */
export function createFastPath(
  services: Services,
  schema: GraphQLSchema = getSchema(),
  metrics?: GraphQLRequestMetrics,
) {
  // Insertion-ordered Map as an LRU: a hit is moved to the end, the oldest is evicted.
  const documents = new Map<string, Cached | null>();
  const rules = [...specifiedRules, ...LIMIT_RULES];

  function documentFor(query: string, operationName: string | undefined): Cached | undefined {
    const key = operationName ? `${operationName}\n${query}` : query;
    let document = documents.get(key);
    if (document === undefined) {
      if (query.length > MAX_CACHED_QUERY_LENGTH) return undefined;
      try {
        const parsed = parseLimited(query);
        const operation = getOperationAST(parsed, operationName);
        // Only valid queries within the limits (graphql/armor.ts): mutations keep yoga's audit
        // enforcement, errors and refusals its answers.
        // Introspection (rare, and refused to anonymous callers) stays with yoga, and so do
        // queries that change state (graphql/state-changing-queries.ts: yoga's rules apply).
        const compiled =
          operation?.operation === 'query' &&
          validate(schema, parsed, rules).length === 0 &&
          !asksForSchema(schema, parsed) &&
          (rootFields(schema, parsed, operationName)?.stateChanging.length ?? 0) === 0
            ? compileQuery(schema, parsed, operationName)
            : undefined;
        document =
          compiled && isCompiledQuery(compiled)
            ? { compiled, operationName: operation?.name?.value }
            : null;
      } catch {
        document = null;
      }
      if (documents.size >= DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value!);
    } else {
      documents.delete(key);
    }
    documents.set(key, document);
    return document ?? undefined;
  }

  /** Answers the request and returns true, or returns false to leave it to yoga. */
  async function handle(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (req.method !== 'POST') return false;
    const contentType = req.headers['content-type'];
    if (!contentType || !contentType.toLowerCase().startsWith(JSON_TYPE)) return false;
    const type = responseType(req.headers.accept);
    if (!type) return false;
    const body = req.body as JsonBody | null | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.query !== 'string')
      return false;
    if (body.extensions !== undefined && body.extensions !== null) return false;
    const { variables, operationName } = body;
    if (
      variables !== undefined &&
      variables !== null &&
      (typeof variables !== 'object' || Array.isArray(variables))
    )
      return false;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
      return false;
    const cached = documentFor(body.query, operationName ?? undefined);
    if (!cached) return false;
    const contextValue = await buildContext(services, req);
    const result: ExecutionResult = await cached.compiled.query(
      undefined,
      contextValue,
      (variables as Record<string, unknown> | null | undefined) ?? {},
    );
    // A request error (e.g. variables that do not coerce) has no data: yoga answers those.
    if (!('data' in result) || result.data === undefined) return false;
    await recordRefusals(contextValue, result.errors);
    logUnexpectedErrors(req.log, req.id, result.errors);
    const errors = result.errors?.map(maskError);
    if (metrics) {
      metrics.operation(req, cached.operationName, 'query');
      if (errors) metrics.errors(req, errors.map(errorCode));
    }
    const payload =
      errors && errors.length > 0 ? { errors, data: result.data } : { data: result.data };
    reply.status(200);
    reply.header('content-type', `${type}; charset=utf-8`);
    reply.send(JSON.stringify(payload));
    return true;
  }

  return { handle };
}
