import type { FastifyInstance } from 'fastify';
import type { Locale } from '@app/shared';
import { registerCsvTemplate } from '../../platform/imports/template-route';
import type { AuthService } from '../auth/auth-service';
import { RATES_TEMPLATE } from './payments-imports';

/** The stable template URLs (docs/api.md, "Payments and rates"). */
const TEMPLATE_PATHS = {
  payments: '/templates/user-payments.csv',
  rates: '/templates/rates.csv',
} as const;

/**
 * The CSV templates of the two imports, for any signed-in admin (the payments one lists
 * every plan's id, read when asked).
 */
export function registerPaymentTemplates(
  app: FastifyInstance,
  auth: AuthService,
  paymentsTemplate: (locale: Locale) => Promise<string>,
): void {
  registerCsvTemplate(app, auth, TEMPLATE_PATHS.payments, 'user-payments-template.csv', (r) =>
    paymentsTemplate(r.locale),
  );
  registerCsvTemplate(app, auth, TEMPLATE_PATHS.rates, 'rates-template.csv', () => RATES_TEMPLATE);
}
