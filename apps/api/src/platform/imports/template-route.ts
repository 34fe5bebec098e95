import type { FastifyInstance } from 'fastify';
import {
  ACCESS_TOKEN_HEADER,
  AUTHORIZATION_ERROR_MESSAGE,
  FORBIDDEN_MESSAGE,
  SUPPORTED_LOCALES,
  type Locale,
} from '@app/shared';
import { grantedRules } from '../../graphql/builder';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';

/** What the route needs of the auth service: the admin a token belongs to. */
type Authenticator = {
  authenticate: (token: string | undefined) => Promise<AuthenticatedAdmin | null>;
};

/** What a template is built from: the admin's language and the request's query string. */
type TemplateRequest = { locale: Locale; query: Record<string, string | undefined> };

/**
 * Serves one import's CSV template at `path` to any signed-in admin: the token travels in the
 * X-ADMIN-ACCESS-TOKEN header (the web app fetches the file and saves it), so the URL is never
 * reachable anonymously nor from another site. No session: 401 (the web app's sign-in dialog);
 * `?lang=ja|en` words the template's notes (English otherwise). `build` answers null for a
 * query it does not know (404).
 */
export function registerCsvTemplate(
  app: FastifyInstance,
  auth: Authenticator,
  path: string,
  fileName: string,
  build: (request: TemplateRequest) => Promise<string | null> | string | null,
): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
    const header = request.headers[ACCESS_TOKEN_HEADER.toLowerCase()];
    const token = Array.isArray(header) ? header[0] : header;
    const admin = await auth.authenticate(token?.trim());
    if (!admin) {
      return reply.code(401).send({
        errors: [{ message: AUTHORIZATION_ERROR_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }],
      });
    }
    if (!grantedRules(admin).authenticated) {
      return reply
        .code(403)
        .send({ errors: [{ message: FORBIDDEN_MESSAGE, extensions: { code: 'FORBIDDEN' } }] });
    }
    const lang = request.query.lang ?? '';
    const locale: Locale = (SUPPORTED_LOCALES as readonly string[]).includes(lang)
      ? (lang as Locale)
      : 'en';
    const body = await build({ locale, query: request.query });
    if (body === null) {
      return reply
        .code(404)
        .send({ errors: [{ message: 'No such template.', extensions: { code: 'NOT_FOUND' } }] });
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
