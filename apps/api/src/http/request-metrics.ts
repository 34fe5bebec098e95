import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../platform/metrics';

type Operation = { name: string | undefined; type: string; failed: boolean };

/** What the GraphQL paths tell the request metrics about a request they answered. */
export type GraphQLRequestMetrics = {
  /** The operation a request carried (its time is the request's, recorded when it is answered). */
  operation: (req: FastifyRequest, name: string | undefined, type: string) => void;
  /** The codes of the errors an answer carries (each counted once). */
  errors: (req: FastifyRequest, codes: readonly (string | undefined)[]) => void;
};

/** A masked error's code, as the caller reads it. */
export function errorCode(
  error: Error | { extensions?: Record<string, unknown> },
): string | undefined {
  const code = 'extensions' in error ? error.extensions?.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Times every request by its route (the route's pattern, never its URL: `/downloads/:file`),
 * and a GraphQL request also by its operation. One hook, on the answer: the work per request
 * is a map lookup and two observations.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
): GraphQLRequestMetrics {
  const operations = new WeakMap<FastifyRequest, Operation>();
  app.addHook('onResponse', (req, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, seconds);
    const operation = operations.get(req);
    if (operation) metrics.operation(operation.name, operation.type, seconds, operation.failed);
    done();
  });
  return {
    operation: (req, name, type) => {
      const known = operations.get(req);
      if (known) {
        known.name = name;
        known.type = type;
      } else {
        operations.set(req, { name, type, failed: false });
      }
    },
    errors: (req, codes) => {
      if (codes.length === 0) return;
      const operation = operations.get(req);
      if (operation) operation.failed = true;
      for (const code of codes) metrics.error(code ?? 'UNCODED');
    },
  };
}
