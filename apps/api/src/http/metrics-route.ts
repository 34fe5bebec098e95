import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Metrics } from '../platform/metrics';

const METRICS_PATH = '/metrics';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

function answer(metrics: Metrics, token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (expected && !bearerMatches(request, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({
          errors: [
            { message: 'A metrics token is required.', extensions: { code: 'UNAUTHENTICATED' } },
          ],
        });
    }
    const text = await metrics.scrape();
    return reply.type(metrics.contentType).send(text);
  };
}

/**
 * `GET /metrics` on the app's own port: only with a token (METRICS_TOKEN) and without a
 * metrics port. Otherwise the path answers 404 here (never the web app's index.html).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  config: { metricsPort: number | undefined; metricsToken: string | undefined },
): void {
  if (config.metricsPort === undefined && config.metricsToken !== undefined) {
    app.get(METRICS_PATH, answer(metrics, config.metricsToken));
    return;
  }
  app.get(METRICS_PATH, async (_request, reply) =>
    reply
      .code(404)
      .send({ errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] }),
  );
}

/**
 * The metrics port (METRICS_PORT): a listener that answers `GET /metrics` alone, for a
 * network only Prometheus reaches; with METRICS_TOKEN it requires the token too.
 */
export async function startMetricsServer(
  metrics: Metrics,
  listen: { port: number; host: string; token: string | undefined },
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, answer(metrics, listen.token));
  await server.listen({ port: listen.port, host: listen.host });
  return server;
}
