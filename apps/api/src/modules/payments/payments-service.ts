import type { Kysely } from 'kysely';
import type { Locale } from '@app/shared';
import type { DB } from '../../db/schema';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../db/tables/domain-tables';
import type {
  ImportDefinition,
  ImportReport,
  ImportsService,
  RunActor,
} from '../../platform/imports';
import type { ConfirmedSetWrite } from '../../platform/confirmed-set';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { badInput, dateRange, positiveId, textFilter, notOneOf } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import {
  IMPORT_PAYMENTS,
  IMPORT_PAYMENTS_SET,
  IMPORT_RATES,
  IMPORT_RATES_SET,
  type CsvUploadInput,
} from './payments-commands';
import { PAYMENT_COLUMNS, paymentsTemplate, RATE_COLUMNS } from './payments-imports';
import * as repo from './payments-repository';
import {
  PAYMENTS_LIST,
  UNFIXED_PAYMENTS_LIST,
  type PaymentsFilterInput,
  type UnfixedPaymentsInput,
} from './payments-list';
import { ASSIGNMENT_RUNNING, checkedArg, RATE_ARG, ratesSet, ratesWindow } from './payments-rates';
import * as write from './payments-write-repository';

export type { PaymentsFilterInput };

/** Validates userPayments filters: a known status, ranges in order, a positive user id. */
export function paymentsFilter(input: PaymentsFilterInput): repo.PaymentsFilter {
  const status = textFilter(input.paymentStatus)?.toLowerCase();
  if (status !== undefined && !(PAYMENT_STATUSES as readonly string[]).includes(status)) {
    throw notOneOf('paymentStatus', PAYMENT_STATUSES);
  }
  const confirmed = dateRange(
    'confirmedAtFrom',
    input.confirmedAtFrom,
    'confirmedAtUntil',
    input.confirmedAtUntil,
  );
  const fixed = dateRange(
    'assetFixedAtFrom',
    input.assetFixedAtFrom,
    'assetFixedAtUntil',
    input.assetFixedAtUntil,
  );
  // The plain filters as declared (text trimmed); the checked ones replace theirs.
  return {
    ...PAYMENTS_LIST.values(input),
    userId:
      input.userId === null || input.userId === undefined
        ? undefined
        : positiveId('userId', input.userId),
    paymentStatus: status as PaymentStatus | undefined,
    confirmedAtFrom: confirmed.from,
    confirmedAtUntil: confirmed.until,
    assetFixedAtFrom: fixed.from,
    assetFixedAtUntil: fixed.until,
  };
}

export type RatesSummaryInput = {
  confirmedAtFrom?: Date | null | undefined;
  confirmedAtUntil: Date;
  deadlineDatetime: Date;
  BTCHECRate?: string | null | undefined;
  BTCETHRate?: string | null | undefined;
};

/**
 * The answer of an upload: a call that waits has its report; a background upload (issue 36)
 * only its run, whose progress and report csvImportProgress / csvImportRun answer.
 */
export type ImportResult = {
  message: string;
  countPayments: number;
  report: ImportReport | null;
  runId: string | null;
};

/**
 * The payments CSV as an import definition (also run by the bench): rows inserted already
 * fixed, `now` standing in for a missing confirmedAt and as assetFixedAt.
 */
export function paymentsImportDefinition(now: Date): ImportDefinition<write.PaymentStageKey> {
  return {
    kind: 'payments',
    columns: PAYMENT_COLUMNS,
    // The same payment twice in one file is a mistake, never two purchases.
    uniqueBy: ['userId', 'planId', 'paidUsd', 'assetETH', 'assetHEC', 'confirmedAt'],
    validate: (trx, stage) => write.checkStagedPayments(trx, stage, now),
    preview: (trx, stage, limit) => write.previewStagedPayments(trx, stage, limit),
    report: write.PAYMENTS_REPORT,
    summarize: async (trx, stage) => {
      const s = await write.summarizeStagedPayments(trx, stage);
      return {
        count: s.count,
        totals: { paidUsd: s.paidUsd, assetETH: s.assetETH, assetHEC: s.assetHEC },
      };
    },
    apply: async (trx, stage) => {
      return { count: await write.insertStagedPayments(trx, stage, now) };
    },
  };
}

/** Payments: the list (userPayments), adding payments, rate assignment and the two CSV imports. */
export function createPaymentsService(
  db: Kysely<DB>,
  audit: AuditService,
  imports: ImportsService,
  clock: Clock,
) {
  const ratesImport = (actor: Actor): ImportDefinition<write.RateStageKey> => ({
    kind: 'rates',
    columns: RATE_COLUMNS,
    // A repeated window is reported as overlapping its first occurrence (checkStagedRates).
    validate: (trx, stage) => write.checkStagedRates(trx, stage),
    summarize: async (trx, stage) => {
      const s = await write.summarizeStagedRates(trx, stage);
      return {
        count: s.count,
        totals: {
          BTCAmountToBuyETH: s.btcToBuyETH,
          BTCAmountToBuyHEC: s.btcToBuyHEC,
          amountETH: s.amountETH,
          amountHEC: s.amountHEC,
        },
      };
    },
    apply: async (trx, stage) => {
      if (!(await write.tryLockRateAssignment(trx))) {
        throw new AppError('CONFLICT', ASSIGNMENT_RUNNING, { reason: 'RATE_ASSIGNMENT_RUNNING' });
      }
      // One INSERT of the windows and one UPDATE of their payments, however many rows.
      const ids = await write.insertStagedRateAssignments(trx, stage, actor.adminUserId);
      const { count } = await write.fixAssignedPayments(trx, ids);
      return { count, targetIds: ids };
    },
  });

  const runImport = async <K extends string>(
    actor: Actor,
    operation: typeof IMPORT_PAYMENTS.name | typeof IMPORT_RATES.name,
    set: ConfirmedSetWrite,
    definition: ImportDefinition<K>,
    { file, dryRun, progressKey, fingerprint }: CsvUploadInput,
    runId?: string,
  ): Promise<ImportReport> =>
    imports.run(definition, file, {
      dryRun: dryRun ?? false,
      operation,
      progressKey,
      ...(runId === undefined ? {} : { runId }),
      confirmed: { write: set, fingerprint },
      actor,
      transaction: (work) => audit.withAudit(actor, operation, work),
      recordDryRun: (report) =>
        audit.record(actor, operation, [], {
          dryRun: true,
          fileName: report.fileName,
          contentHash: report.contentHash,
          rowCount: report.rowCount,
          errorCount: report.errorCount,
        }),
    });

  // A background upload's job runs the same call from the stored file (issue 36), as the
  // admin who sent it, under the request it came with.
  const jobActor = (from: RunActor & { requestId: string | null; ip: string | null }): Actor => ({
    ...from,
    audited: [],
  });
  imports.registerRunner(IMPORT_PAYMENTS.name, (from, input) =>
    runImport(
      jobActor(from),
      IMPORT_PAYMENTS.name,
      IMPORT_PAYMENTS_SET,
      paymentsImportDefinition(clock()),
      input,
      input.runId,
    ),
  );
  imports.registerRunner(IMPORT_RATES.name, (from, input) => {
    const actor = jobActor(from);
    return runImport(
      actor,
      IMPORT_RATES.name,
      IMPORT_RATES_SET,
      ratesImport(actor),
      input,
      input.runId,
    );
  });

  /** A background upload: stored, its job sent; answered with its run at once. */
  const startImport = async (
    actor: Actor,
    operation: typeof IMPORT_PAYMENTS.name | typeof IMPORT_RATES.name,
    kind: string,
    input: CsvUploadInput,
  ): Promise<ImportResult> => {
    const { runId } = await imports.start(operation, kind, actor, input.file, {
      dryRun: input.dryRun ?? false,
      fingerprint: input.fingerprint,
      progressKey: input.progressKey,
    });
    // The stored file and its job are the change; the job writes the command's own event.
    await audit.record(actor, operation, [runId], {
      queued: true,
      runId,
      fileName: input.file.name.slice(0, 255),
      byteSize: input.file.size,
      dryRun: input.dryRun ?? false,
    });
    return {
      message: `The file is stored as upload #${runId}; it is being ${input.dryRun ? 'checked' : 'applied'}.`,
      countPayments: 0,
      report: null,
      runId,
    };
  };

  return {
    /** One page of payments matching the filters, with the exact total. */
    list: (filter: PaymentsFilterInput, page: PageRequest<repo.PaymentsSortTarget>) =>
      repo.listPayments(db, paymentsFilter(filter), page),

    /** The payment an admin recorded with this client key (commands/add-payment.ts). */
    paymentByClientKey: (adminUserId: number, clientKey: string) =>
      write.findPaymentByClientKey(db, adminUserId, clientKey),

    /** The payments CSV template in `locale`, listing every plan's id and name. */
    template: async (locale: Locale): Promise<string> =>
      paymentsTemplate(await write.listPlans(db), locale),

    /** postAddUserPaymentsByCSV: every row checked; a dry run previews; once per file content. */
    async importPayments(actor: Actor, input: CsvUploadInput): Promise<ImportResult> {
      if (input.background) return startImport(actor, IMPORT_PAYMENTS.name, 'payments', input);
      const report = await runImport(
        actor,
        IMPORT_PAYMENTS.name,
        IMPORT_PAYMENTS_SET,
        paymentsImportDefinition(clock()),
        input,
      );
      return importResult(report, 'payment', 'imported');
    },

    /** postAssignRatesByCSV: one rate assignment per row (windows may not overlap). */
    async importRates(actor: Actor, input: CsvUploadInput): Promise<ImportResult> {
      if (input.background) return startImport(actor, IMPORT_RATES.name, 'rates', input);
      const report = await runImport(
        actor,
        IMPORT_RATES.name,
        IMPORT_RATES_SET,
        ratesImport(actor),
        input,
      );
      return importResult(report, 'payment', 'fixed');
    },

    /** assetUnFixedPayments: what a rate assignment of the window would fix. */
    async unfixed(
      input: UnfixedPaymentsInput,
      page: PageRequest<(typeof UNFIXED_PAYMENTS_LIST.sortTargets)[number]>,
    ) {
      const range = dateRange(
        'confirmedAtFrom',
        input.confirmedAtFrom,
        'confirmedAtUntil',
        input.confirmedAtUntil,
      );
      const w = { from: range.from ?? null, until: input.confirmedAtUntil };
      const [rows, totalRecords] = await Promise.all([
        write.listUnfixed(db, w, {
          limit: page.limit,
          offset: page.offset,
          direction: page.sort?.orderBy ?? 'asc',
        }),
        write.countUnfixed(db, w),
      ]);
      return {
        rows,
        totalRecords,
        confirmedAtFrom: range.from ?? null,
        confirmedAtUntil: input.confirmedAtUntil,
      };
    },

    /** ratesAndBTCAmountAtDeadlineDate: exactly what postAssignRates would do, before it does. */
    async ratesSummary(input: RatesSummaryInput) {
      const window = ratesWindow(
        input.confirmedAtFrom,
        input.confirmedAtUntil,
        input.deadlineDatetime,
      );
      const given = (v: string | null | undefined) =>
        v !== null && v !== undefined && v.trim() !== '';
      if (given(input.BTCHECRate) !== given(input.BTCETHRate)) {
        throw badInput('BTCHECRate', 'give both rates or neither.');
      }
      const rates =
        given(input.BTCHECRate) && given(input.BTCETHRate)
          ? {
              hec: checkedArg('BTCHECRate', RATE_ARG, input.BTCHECRate!),
              eth: checkedArg('BTCETHRate', RATE_ARG, input.BTCETHRate!),
            }
          : null;
      const [preview, set] = await Promise.all([
        write.previewRates(db, window, rates),
        write.fixableSet(db, window, { lock: false }),
      ]);
      return {
        fingerprint: ratesSet(window, set).fingerprint,
        confirmedAtFrom: window.from,
        confirmedAtUntil: window.until,
        deadlineDatetime: window.deadline,
        BTCAmountToBuyETH: preview.btcToBuyETH,
        BTCAmountToBuyHEC: preview.btcToBuyHEC,
        BTCHEC: rates?.hec ?? null,
        BTCETH: rates?.eth ?? null,
        paymentCounts: preview.paymentCount,
        amountETH: preview.amountETH,
        amountHEC: preview.amountHEC,
      };
    },
  };
}

function importResult(report: ImportReport, noun: string, verb: string): ImportResult {
  const count = report.dryRun ? report.summary.count : (report.imported?.appliedCount ?? 0);
  const plural = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  let message: string;
  if (report.alreadyImported) {
    message = `This file was already imported as #${report.alreadyImported.id}.`;
  } else if (report.dryRun) {
    message =
      report.errorCount > 0
        ? `${report.errorCount} invalid row${report.errorCount === 1 ? '' : 's'}: nothing would be ${verb}.`
        : `${plural(count)} would be ${verb}.`;
  } else {
    message = `${plural(count)} ${verb}.`;
  }
  return { message, countPayments: report.alreadyImported ? 0 : count, report, runId: null };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
