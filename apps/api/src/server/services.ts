import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseEngine } from '../db/database';
import type { DB } from '../db/schema';
import type { Services } from '../graphql/context';
import { createAdminUsersService } from '../modules/admin-users/admin-users-service';
import { createAuditService } from '../modules/audit/audit-service';
import { createAuthService, type SessionRules } from '../modules/auth/auth-service';
import { createExportsService } from '../modules/exports/exports-service';
import { exportRegistry } from './exports';
import { createPaymentsService } from '../modules/payments/payments-service';
import { createReferralService } from '../modules/referral/referral-service';
import { createSavingsService } from '../modules/savings/savings-service';
import { createUsersService } from '../modules/users/users-service';
import { createStatisticsService } from '../modules/statistics/statistics-service';
import { createSupportService } from '../modules/support/support-service';
import { createMailService } from '../modules/mail/mail-service';
import type { MailKick } from '../modules/mail/mail-jobs';
import { createWithdrawalsService } from '../modules/withdrawals/withdrawals-service';
import { createImportsService } from '../platform/imports/imports-service';
import { systemClock, type Clock } from '../shared/clock';
import type { SecretBox } from '../shared/secret-box';

export type ServiceOptions = {
  /** Where services read "now"; tests pass a movable clock. */
  clock?: Clock;
  /** Enqueues the mail drain job (the server's pg-boss); without it, mail waits in the outbox. */
  jobs?: MailKick;
  /** Whether SMTP_URL is set, for the mail screens' notice. */
  smtpConfigured?: boolean;
  /** Recipients above which a send is expanded by its job (tests lower it; mail-service.ts). */
  mailExpandInJobAbove?: number;
};

/** What services need beyond the database: the box that seals stored secrets. */
export type ServiceDependencies = ServiceOptions & {
  secretBox: SecretBox;
  sessions?: SessionRules;
  /** The largest CSV upload an import reads (IMPORT_MAX_BYTES). */
  importMaxBytes?: number;
  /** Signs export download links (platform/exports); replicas must share it. */
  exportLinkKey: Buffer;
  engine: DatabaseEngine;
  /** PostgreSQL's pool, for downloads streamed by COPY (platform/exports/export-copy.ts). */
  pool?: pg.Pool | undefined;
};

/**
 * Every service, built once per app and shared by all requests. Services that change data
 * take `audit` and run each change through `audit.withAudit` (docs/architecture.md, "Audit").
 */
export function createServices(db: Kysely<DB>, options: ServiceDependencies): Services {
  const clock = options.clock ?? systemClock;
  const audit = createAuditService(db, clock);
  // Modules use each other only through services, handed in here (docs/architecture.md).
  const auth = createAuthService(db, audit, clock, options.secretBox, options.sessions);
  const savings = createSavingsService(db);
  const users = createUsersService(db, savings);
  const imports = createImportsService(db, { maxBytes: options.importMaxBytes });
  return {
    clock,
    audit,
    auth,
    adminUsers: createAdminUsersService(db, audit, clock, auth),
    users,
    payments: createPaymentsService(db, audit, imports, clock),
    savings,
    referral: createReferralService(db),
    withdrawals: createWithdrawalsService(db, users, audit, imports),
    statistics: createStatisticsService(db, clock),
    imports,
    exports: createExportsService(
      {
        db,
        engine: options.engine,
        copyPool: options.pool,
        linkKey: options.exportLinkKey,
        clock,
        exports: exportRegistry(db),
      },
      audit,
    ),
    support: createSupportService(db, audit),
    mail: createMailService(db, audit, clock, {
      jobs: options.jobs,
      smtpConfigured: options.smtpConfigured ?? false,
      expandInJobAbove: options.mailExpandInJobAbove,
    }),
  };
}

export type { Services };
