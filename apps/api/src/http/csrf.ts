import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH, LOGIN_PATH } from '@app/shared';

/**
 * Headers a browser only sends cross-site after a CORS preflight the server must approve:
 * our token header, and the ones GraphQL clients use for the purpose.
 */
const PREFLIGHT_HEADERS = [
  ACCESS_TOKEN_HEADER.toLowerCase(),
  'x-graphql-yoga-csrf',
  'apollo-require-preflight',
] as const;

/** Media types a cross-site form or fetch may send without a preflight (the CORS safelist). */
const SIMPLE_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** True when a browser could have sent this request cross-site without asking first. */
function skipsPreflight(req: FastifyRequest): boolean {
  if (req.method === 'OPTIONS') return false;
  if (PREFLIGHT_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || SIMPLE_TYPES.includes(type);
}

/**
 * CSRF prevention (as yoga's useCSRFPrevention): a request that skipped the preflight — a
 * form post, a multipart upload, a GET — must carry one of PREFLIGHT_HEADERS, which a
 * cross-site page cannot add without the server's consent. JSON bodies always preflight.
 * Returns true when it answered the request with 403.
 */
function refuseCrossSiteRequest(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!skipsPreflight(req)) return false;
  void reply.code(403).send({
    errors: [
      {
        message: `Requests of this kind must carry the ${ACCESS_TOKEN_HEADER} or x-graphql-yoga-csrf header.`,
        extensions: { code: 'FORBIDDEN' },
      },
    ],
  });
  return true;
}

/** CSRF prevention on the API routes: every method of the GraphQL endpoint, POST /login. */
export function registerCsrfPrevention(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0];
    const checked = path === GRAPHQL_PATH || (path === LOGIN_PATH && request.method === 'POST');
    // A refused request is answered; only the others go on.
    if (!checked || !refuseCrossSiteRequest(request, reply)) done();
  });
}
