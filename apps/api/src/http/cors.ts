import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_HEADER } from '@app/shared';

/**
 * CORS for the API routes. Same-origin by default: no Access-Control-* header at all, so a
 * browser lets only pages of this origin read answers. CORS_ORIGINS names the exact origins
 * (scheme://host[:port]) that may call across origins; any other origin gets no grant.
 * Credentials are never allowed: the token travels in a header, not a cookie.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  // Callback style, as the other hooks on every request: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
      reply.header(
        'access-control-allow-headers',
        `content-type, accept, x-request-id, ${ACCESS_TOKEN_HEADER.toLowerCase()}`,
      );
      reply.header('access-control-max-age', '600');
      // Answered here: the request goes no further (done is not called).
      void reply.code(204).send();
      return;
    }
    done();
  });
}
