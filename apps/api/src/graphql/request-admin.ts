import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER } from '@app/shared';
import type { AuthenticatedAdmin, Services } from './context';

const admins = new WeakMap<FastifyRequest, AuthenticatedAdmin | null>();

/**
 * The admin behind a request's access token, looked up once per request: the GraphQL route
 * resolves it before yoga runs, so validation (which is synchronous) already knows whether
 * the caller is signed in (no introspection or suggestions for anonymous callers).
 */
export async function resolveRequestAdmin(
  services: Services,
  req: FastifyRequest,
): Promise<AuthenticatedAdmin | null> {
  const known = admins.get(req);
  if (known !== undefined) return known;
  const header = req.headers[ACCESS_TOKEN_HEADER.toLowerCase()];
  const token = Array.isArray(header) ? header[0] : header;
  const admin = await services.auth.authenticate(token?.trim());
  admins.set(req, admin);
  return admin;
}

/** The admin already resolved for this request; null when anonymous or not yet resolved. */
export function resolvedRequestAdmin(req: FastifyRequest | undefined): AuthenticatedAdmin | null {
  return (req && admins.get(req)) ?? null;
}
