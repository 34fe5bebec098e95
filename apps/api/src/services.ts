import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { createAdminUsersService } from './modules/admin-users/admin-users-service';
import { createAuditService } from './modules/audit/audit-service';
import { createAuthService, type SessionRules } from './modules/auth/auth-service';
import { createPaymentsService } from './modules/payments/payments-service';
import { createReferralService } from './modules/referral/referral-service';
import { createSavingsService } from './modules/savings/savings-service';
import { createUsersService } from './modules/users/users-service';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals-service';
import { systemClock, type Clock } from './shared/clock';
import type { SecretBox } from './shared/secret-box';

export type ServiceOptions = {
  /** Where services read "now"; tests pass a movable clock. */
  clock?: Clock;
};

/** What services need beyond the database: the box that seals stored secrets. */
export type ServiceDependencies = ServiceOptions & {
  secretBox: SecretBox;
  sessions?: SessionRules;
};

/**
 * Every service, built once per app and shared by all requests. Services that change data
 * take `audit` and run each change through `audit.withAudit` (docs/architecture.md, "Audit").
 */
export function createServices(db: Kysely<DB>, options: ServiceDependencies) {
  const clock = options.clock ?? systemClock;
  const audit = createAuditService(db, clock);
  return {
    clock,
    audit,
    auth: createAuthService(db, audit, clock, options.secretBox, options.sessions),
    adminUsers: createAdminUsersService(db, audit, clock),
    users: createUsersService(db),
    payments: createPaymentsService(db),
    savings: createSavingsService(db),
    referral: createReferralService(db),
    withdrawals: createWithdrawalsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
