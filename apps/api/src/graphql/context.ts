import type { Locale } from '@app/shared';
import type { AdminUsersService } from '../modules/admin-users/admin-users-service';
import type { Actor, AuditService } from '../modules/audit/audit-service';
import type { AuthService } from '../modules/auth/auth-service';
import type { ExportsService } from '../modules/exports/exports-service';
import type { PaymentsService } from '../modules/payments/payments-service';
import type { ReferralService } from '../modules/referral/referral-service';
import type { SavingsService } from '../modules/savings/savings-service';
import type { StatisticsService } from '../modules/statistics/statistics-service';
import type { MailService } from '../modules/mail/mail-service';
import type { SupportService } from '../modules/support/support-service';
import type { UsersService } from '../modules/users/users-service';
import type { WithdrawalsService } from '../modules/withdrawals/withdrawals-service';
import type { ImportsService } from '../platform/imports/imports-service';
import type { AuthenticatedAdmin } from '../shared/authenticated-admin';
import type { Clock } from '../shared/clock';

export type { AuthenticatedAdmin };

/**
 * The services a resolver reaches through `ctx.services`, one per module. Declared here (types
 * only) rather than derived from the server assembly so that nothing below the assembly
 * imports it; `server/services.ts` builds a value of this type.
 */
export type Services = {
  clock: Clock;
  audit: AuditService;
  auth: AuthService;
  adminUsers: AdminUsersService;
  users: UsersService;
  payments: PaymentsService;
  savings: SavingsService;
  referral: ReferralService;
  withdrawals: WithdrawalsService;
  statistics: StatisticsService;
  imports: ImportsService;
  exports: ExportsService;
  support: SupportService;
  mail: MailService;
};

export type GraphQLContext = {
  requestId: string;
  ip: string;
  /** The request's User-Agent header (kept with a session at sign-in). */
  userAgent: string | null;
  /** Language of user-facing messages (validation), from Accept-Language; English by default. */
  locale: Locale;
  admin: AuthenticatedAdmin | null;
  /** Who is acting, for the audit trail. */
  actor: Actor;
  services: Services;
  /** Sets or clears the download cookie on this answer (sign-in, sign-out); absent off HTTP. */
  downloadCookie?: { set: (accessToken: string) => void; clear: () => void };
};
