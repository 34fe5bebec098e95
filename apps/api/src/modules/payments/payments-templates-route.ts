import type { FastifyInstance } from 'fastify';
import {
  ACCESS_TOKEN_HEADER,
  AUTHORIZATION_ERROR_MESSAGE,
  FORBIDDEN_MESSAGE,
  SUPPORTED_LOCALES,
  type Locale,
} from '@app/shared';
import { grantedRules } from '../../graphql/builder';
import type { AuthService } from '../auth/auth-service';
import { RATES_TEMPLATE } from './payments-imports';

/** The stable template URLs (docs/api.md, "Payments and rates"). */
export const TEMPLATE_PATHS = {
  payments: '/templates/user-payments.csv',
  rates: '/templates/rates.csv',
} as const;

/**
 * The CSV templates of the two imports, for any signed-in admin (the payments one lists
 * every plan's id, read when asked): the token travels in the
 * X-ADMIN-ACCESS-TOKEN header (the web app fetches the file and saves it), so the URL is
 * never reachable anonymously nor from another site.
 */
export function registerPaymentTemplates(
  app: FastifyInstance,
  auth: AuthService,
  paymentsTemplate: (locale: Locale) => Promise<string>,
): void {
  const templates: Array<[string, (locale: Locale) => Promise<string> | string, string]> = [
    [TEMPLATE_PATHS.payments, paymentsTemplate, 'user-payments-template.csv'],
    [TEMPLATE_PATHS.rates, () => RATES_TEMPLATE, 'rates-template.csv'],
  ];
  for (const [path, build, fileName] of templates) {
    app.get<{ Querystring: { lang?: string } }>(path, async (request, reply) => {
      const header = request.headers[ACCESS_TOKEN_HEADER.toLowerCase()];
      const token = Array.isArray(header) ? header[0] : header;
      const admin = await auth.authenticate(token?.trim());
      if (!admin) {
        return reply.code(401).send({
          errors: [
            { message: AUTHORIZATION_ERROR_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } },
          ],
        });
      }
      if (!grantedRules(admin).authenticated) {
        return reply
          .code(403)
          .send({ errors: [{ message: FORBIDDEN_MESSAGE, extensions: { code: 'FORBIDDEN' } }] });
      }
      // The template's notes in the admin's language (`?lang=ja|en`; English otherwise).
      const lang = request.query.lang ?? '';
      const locale: Locale = (SUPPORTED_LOCALES as readonly string[]).includes(lang)
        ? (lang as Locale)
        : 'en';
      const body = await build(locale);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    });
  }
}
