import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH, LOGIN_PATH } from '@app/shared';

/**
 * The Content Security Policy of the web app: scripts, styles' files, fonts and API calls
 * only from this origin; images also from data: URLs (QR codes) and the configured origins,
 * so an avatar URL chosen by an end user cannot make the browser call anywhere else. Inline
 * styles are allowed because MUI (emotion) writes its styles into <style> tags at run time.
 */
export function contentSecurityPolicy(imageOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', ...imageOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const API_PATHS = new Set([GRAPHQL_PATH, LOGIN_PATH]);

/**
 * Headers on every answer: the request id, no sniffing, no framing, the CSP on pages, and
 * `no-store` on API answers, which carry personal data and must stay out of every cache.
 * HSTS belongs to the TLS terminator (README), since this process may be spoken to in plain
 * HTTP behind it.
 */
export function registerSecurityHeaders(app: FastifyInstance, imageOrigins: readonly string[]) {
  const fixed = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'content-security-policy': contentSecurityPolicy(imageOrigins),
  };
  // Callback style: runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(fixed);
    const path = request.url.split('?')[0] ?? '';
    if (API_PATHS.has(path)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
