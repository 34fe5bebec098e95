import { GRAPHQL_PATH } from '@app/shared';
import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (a download link's signed token). */
const SECRET_PARAMS = ['link', 'token', 'access_token'];

/**
 * Paths whose whole query string is redacted: a GraphQL GET carries its query and variables
 * there (`postSignIn`'s password, a token), and /login must never take one; whatever a caller
 * sends there, refused or not, the log shows `?[redacted]`.
 */
const SECRET_QUERY_PATHS = [GRAPHQL_PATH, '/login'];

/**
 * A request URL as the log shows it: the whole query of the GraphQL endpoint and /login, and
 * elsewhere the value of every credential-carrying query parameter, replaced by `[redacted]`
 * (a download link is a bearer of its export for minutes).
 */
function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  // Spelled otherwise (case, %-escapes, extra slashes) the path is still the same endpoint to
  // a reader of the log, and may be to a proxy in front: redacted alike.
  const plain = decodeURIComponentSafe(path).toLowerCase().replace(/\/+/g, '/').replace(/\/$/, '');
  if (SECRET_QUERY_PATHS.includes(plain)) return `${path}?[redacted]`;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.includes(name)
        ? `${pair.slice(0, eq < 0 ? pair.length : eq)}=[redacted]`
        : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request serializer, with the URL redacted (the rest as Fastify logs it). */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.headers.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
