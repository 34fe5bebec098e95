import type { Kysely } from 'kysely';
import type { AuditJson } from '@app/shared';
import type pg from 'pg';
import type { DatabaseEngine } from '../db/database';
import type { DB } from '../db/schema';
import {
  createAdminUsersService,
  type AdminUsersService,
} from '../modules/admin-users/admin-users-service';
import { createAuditService, type AuditService } from '../modules/audit/audit-service';
import {
  createAuthService,
  type AuthService,
  type SessionRules,
} from '../modules/auth/auth-service';
import { createExportsService, type ExportsService } from '../modules/exports/exports-service';
import { exportRegistry } from './exports';
import { createPaymentsService, type PaymentsService } from '../modules/payments/payments-service';
import { createReferralService, type ReferralService } from '../modules/referral/referral-service';
import { createSavingsService, type SavingsService } from '../modules/savings/savings-service';
import { createUsersService, type UsersService } from '../modules/users/users-service';
import {
  createStatisticsService,
  type StatisticsService,
} from '../modules/statistics/statistics-service';
import { createSupportService, type SupportService } from '../modules/support/support-service';
import { createMailService, type MailService } from '../modules/mail/mail-service';
import type { MailKick } from '../modules/mail/mail-jobs';
import {
  createWithdrawalsService,
  type WithdrawalsService,
} from '../modules/withdrawals/withdrawals-service';
import { createImportsService, type ImportsService } from '../platform/imports/imports-service';
import type { ImportObservation } from '../platform/metrics';
import type { Jobs } from '../platform/jobs';
import { systemClock, type Clock } from '../shared/clock';
import type { SecretBox } from '../shared/secret-box';
import type { Services } from '../graphql/context';

declare module '../graphql/context' {
  /** Every module's service, as `createServices` builds them (see graphql/context.ts). */
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Services {
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
  }
}

export type { Services };

export type ServiceOptions = {
  /** Where services read "now"; tests pass a movable clock. */
  clock?: Clock;
  /** Enqueues the mail drain job (the server's pg-boss); without it, mail waits in the outbox. */
  jobs?: MailKick;
  /** Whether SMTP_URL is set, for the mail screens' notice. */
  smtpConfigured?: boolean;
  /** Recipients above which a send is expanded by its job (tests lower it; mail-service.ts). */
  mailExpandInJobAbove?: number;
  /**
   * Sends background uploads' jobs (the server's pg-boss, its queue registered by
   * server/jobs.ts); without it the process that took the upload runs it (test apps).
   */
  importJobs?: Pick<Jobs, 'send'>;
  /** Where a background job's unexpected failure goes (the log). */
  onJobError?: (error: unknown) => void;
};

/** What services need beyond the database: the box that seals stored secrets. */
type ServiceDependencies = ServiceOptions & {
  secretBox: SecretBox;
  sessions?: SessionRules;
  /** The largest CSV upload an import reads (IMPORT_MAX_BYTES). */
  importMaxBytes?: number;
  /** Signs export download links (platform/exports); replicas must share it. */
  exportLinkKey: Buffer;
  engine: DatabaseEngine;
  /** PostgreSQL's pool, for downloads streamed by COPY (platform/exports/export-copy.ts). */
  pool?: pg.Pool | undefined;
  /** BUSINESS_TIME_ZONE: file-name stamps, "today" and the days of the statistics. */
  businessTimeZone?: string;
  /** Told of every import's outcome (the metrics, platform/metrics). */
  observeImport?: (observation: ImportObservation) => void;
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
  const imports = createImportsService(db, {
    maxBytes: options.importMaxBytes,
    observe: options.observeImport,
    jobs: options.importJobs,
    // A background upload's refusal, recorded by its job as a call's is by the GraphQL layer.
    recordRefusal: (actor, operation, error) =>
      audit.record(
        { ...actor, requestId: actor.requestId ?? null, ip: actor.ip ?? null, audited: [] },
        'actionRefused',
        actor.adminUserId === null ? [] : [actor.adminUserId],
        {
          field: operation,
          code: error.code,
          reason: typeof error.details?.reason === 'string' ? error.details.reason : null,
          params: refusalParams(error.details?.params),
        },
      ),
    onError: options.onJobError,
  });
  const mail = createMailService(db, {
    jobs: options.jobs,
    smtpConfigured: options.smtpConfigured ?? false,
    expandInJobAbove: options.mailExpandInJobAbove,
  });
  return {
    clock,
    audit,
    auth,
    adminUsers: createAdminUsersService(db),
    users,
    payments: createPaymentsService(db, audit, imports, clock),
    savings,
    referral: createReferralService(db),
    withdrawals: createWithdrawalsService(db, users, audit, imports, {
      businessTimeZone: options.businessTimeZone,
    }),
    statistics: createStatisticsService(db, clock, options.businessTimeZone),
    imports,
    exports: createExportsService(
      {
        db,
        engine: options.engine,
        copyPool: options.pool,
        linkKey: options.exportLinkKey,
        clock,
        exports: exportRegistry(db),
        businessTimeZone: options.businessTimeZone,
      },
      audit,
    ),
    support: createSupportService(db, audit, mail),
    mail,
  };
}

/** A refusal's params as the audit trail keeps them (plain JSON; an object or nothing). */
function refusalParams(params: unknown): { [key: string]: AuditJson } {
  return params !== null && typeof params === 'object' && !Array.isArray(params)
    ? (JSON.parse(JSON.stringify(params)) as { [key: string]: AuditJson })
    : {};
}
