import type { Kysely } from 'kysely';
import { compareDecimals, PAID_USD_MIN, paidUsdProblem, type Locale } from '@app/shared';
import type { DB } from '../../db/schema';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../db/tables/domain-tables';
import {
  checkCell,
  reasonMessage,
  type ImportColumn,
  type ImportDefinition,
  type ImportReport,
  type ImportsService,
} from '../../platform/imports';
import {
  checkFingerprintInput,
  confirmSet,
  setFingerprint,
  type ConfirmedSet,
  type ConfirmedSetWrite,
} from '../../platform/confirmed-set';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import {
  badInput,
  dateRange,
  nonNegativeAmount,
  positiveId,
  textFilter,
  notFound,
  notOneOf,
} from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import {
  ADD_PAYMENT,
  ASSIGN_RATES,
  ASSIGN_RATES_SET,
  IMPORT_PAYMENTS,
  IMPORT_PAYMENTS_SET,
  IMPORT_RATES,
  IMPORT_RATES_SET,
  type AddPaymentInput,
  type AssignRatesInput,
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
import * as write from './payments-write-repository';

export type { PaymentsFilterInput };

/** The payments list's sort targets (declared in payments-list.ts). */
export const PAYMENTS_SORT_TARGETS = PAYMENTS_LIST.sortTargets;

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

/** What a rate assignment did: the payments fixed and the coins credited (exact sums). */
export type RateAssignmentResult = {
  message: string;
  countPayments: number;
  amountETH: string;
  amountHEC: string;
};

export type ImportResult = { message: string; countPayments: number; report: ImportReport };

const DATE_ARG: ImportColumn = { type: 'date', aliases: [] };
const RATE_ARG: ImportColumn = {
  type: 'decimal',
  domain: 'rate_value',
  positive: true,
  aliases: [],
};

/** A string argument checked like a CSV cell of the same kind (one rule for both ways in). */
function checkedArg(field: string, column: ImportColumn, value: string): string {
  const checked = checkCell(column, value);
  if (!checked.ok) throw badInput(field, reasonMessage(checked.reason));
  if (checked.value === null) throw badInput(field, 'A value is required.', { code: 'required' });
  return checked.value;
}

/** The payments a rate commit of the window fixes, as a confirmed set (platform/confirmed-set). */
function ratesSet(window: write.RateWindow, rows: readonly write.FixableRow[]): ConfirmedSet {
  return setFingerprint({ rates: { from: window.from, until: window.until } }, rows);
}

function ratesWindow(
  from: Date | null | undefined,
  until: Date,
  deadline: Date,
): write.RateWindow & { deadline: Date } {
  if (from && from.getTime() > until.getTime()) {
    throw badInput('startAt', 'must not be later than endAt.', {
      code: 'notAfter',
      params: { other: 'endAt' },
    });
  }
  if (deadline.getTime() < until.getTime()) {
    throw badInput('deadline', 'must not be earlier than endAt.', {
      code: 'notBefore',
      params: { other: 'endAt' },
    });
  }
  return { from: from ?? null, until, deadline };
}

/** A client key: what the web app's form sends (one per submitted form). */
const CLIENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

const NOTHING_TO_FIX =
  'No unfixed payment was confirmed in this window: its payments are already asset-fixed, or there are none.';
const ASSIGNMENT_RUNNING =
  'Another rate assignment is being committed right now. Reload the preview and try again.';

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
  ): Promise<ImportReport> =>
    imports.run(definition, file, {
      dryRun: dryRun ?? false,
      progressKey,
      confirmed: { write: set, fingerprint },
      actor: { adminUserId: actor.adminUserId, adminUserName: actor.adminUserName },
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

  return {
    /** One page of payments matching the filters, with the exact total. */
    list: (filter: PaymentsFilterInput, page: PageRequest<repo.PaymentsSortTarget>) =>
      repo.listPayments(db, paymentsFilter(filter), page),

    /**
     * postAddUserPayment: a payment an admin records by hand, already confirmed with its
     * assets set (status asset_fixed, assetFixedAt now). The user's totals and the counts
     * follow in the same transaction (statement triggers).
     */
    async addPayment(actor: Actor, input: AddPaymentInput): Promise<repo.PaymentListRow> {
      const userId = positiveId('userId', input.userId);
      const planId = positiveId('planId', input.planId);
      const paidUsd = paidUsdProblem(String(input.paidUsd));
      if (paidUsd) {
        throw badInput('paidUsd', `must be a whole number of ${PAID_USD_MIN} or more.`, paidUsd);
      }
      const assetETH = nonNegativeAmount('assetETH', input.assetETH, 'ETH')!;
      const assetHEC = nonNegativeAmount('assetHEC', input.assetHEC, 'HEC')!;
      if (!/[1-9]/.test(assetETH) && !/[1-9]/.test(assetHEC)) {
        throw badInput('assetETH', 'assetETH and assetHEC must not both be 0.');
      }
      const now = clock();
      const confirmedAt = input.confirmedAt ?? now;
      if (confirmedAt.getTime() > now.getTime()) {
        throw badInput('confirmedAt', 'must not be in the future.');
      }
      const clientKey = input.clientKey ?? null;
      if (clientKey !== null && !CLIENT_KEY.test(clientKey)) {
        throw badInput('clientKey', 'must be 16 to 64 letters, digits, - or _.');
      }
      const keyed = clientKey !== null && actor.adminUserId !== null;
      /** A retry (same admin, same key): the first call's payment, when its values are these. */
      const replay = async (found: write.KeyedPayment): Promise<repo.PaymentListRow> => {
        const sameDecimal = (stored: string | null, given: string) =>
          stored !== null && compareDecimals(stored, given) === 0;
        const same =
          found.userId === userId &&
          found.planId === planId &&
          sameDecimal(found.paidUsd, String(input.paidUsd)) &&
          sameDecimal(found.amountETH, assetETH) &&
          sameDecimal(found.amountHEC, assetHEC) &&
          // Without confirmedAt the first call took its own time; a retry cannot repeat it.
          (!input.confirmedAt || found.confirmedAt?.getTime() === input.confirmedAt.getTime());
        if (!same) {
          throw new AppError(
            'BAD_USER_INPUT',
            'clientKey: was already used for another payment; send a new key.',
            { field: 'clientKey', reason: 'PAYMENT_KEY_REUSED', params: {} },
          );
        }
        const row = await write.findPaymentRow(db, found.paymentId);
        // Recorded as the replay it is (ADD_PAYMENT declares both events): the trail never
        // reads as the same payment added twice.
        return audit.withAudit(actor, ADD_PAYMENT.audit.replay, async () => ({
          result: row,
          targetIds: [found.paymentId],
          before: null,
          after: { replayed: true, clientKey: clientKey!, userPaymentId: found.paymentId },
        }));
      };
      const addOnce = (): Promise<repo.PaymentListRow> =>
        audit.withAudit(actor, ADD_PAYMENT.audit.add, async (trx) => {
          if (!(await write.endUserExists(trx, userId))) {
            throw notFound('user', userId, { field: 'userId' });
          }
          const plan = await write.findPlan(trx, planId);
          if (!plan) {
            throw notFound('plan', planId, { field: 'planId' });
          }
          const id = await write.insertPayment(trx, {
            userId,
            planId,
            priceUsd: plan.priceUsd,
            paidUsd: String(input.paidUsd),
            amountETH: assetETH,
            amountHEC: assetHEC,
            confirmedAt,
            assetFixedAt: now,
          });
          if (keyed) await write.insertPaymentClientKey(trx, actor.adminUserId!, clientKey!, id);
          const row = await write.findPaymentRow(trx, id);
          return { result: row, targetIds: [id], before: null, after: row };
        });
      if (keyed) {
        const found = await write.findPaymentByClientKey(db, actor.adminUserId!, clientKey!);
        if (found) return replay(found);
      }
      try {
        return await addOnce();
      } catch (error) {
        // A retry that ran beside its first attempt waited on the key and failed: the first
        // attempt's payment is its answer.
        if (keyed) {
          const found = await write.findPaymentByClientKey(db, actor.adminUserId!, clientKey!);
          if (found) return replay(found);
        }
        throw error;
      }
    },

    /** The payments CSV template in `locale`, listing every plan's id and name. */
    template: async (locale: Locale): Promise<string> =>
      paymentsTemplate(await write.listPlans(db), locale),

    /** postAddUserPaymentsByCSV: every row checked; a dry run previews; once per file content. */
    async importPayments(actor: Actor, input: CsvUploadInput): Promise<ImportResult> {
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
      const report = await runImport(
        actor,
        IMPORT_RATES.name,
        IMPORT_RATES_SET,
        ratesImport(actor),
        input,
      );
      return importResult(report, 'payment', 'fixed');
    },

    /**
     * postAssignRates: fixes the assets of the payments confirmed in the window (both ends
     * inclusive) and not yet fixed, at the deadline, in one audited transaction. Two commits
     * at once: the second gets CONFLICT at once; a window with nothing left to fix: CONFLICT.
     */
    async assignRates(actor: Actor, input: AssignRatesInput): Promise<RateAssignmentResult> {
      const startAt =
        input.startAt === null || input.startAt === undefined || input.startAt.trim() === ''
          ? null
          : new Date(checkedArg('startAt', DATE_ARG, input.startAt));
      const endAt = new Date(checkedArg('endAt', DATE_ARG, input.endAt));
      const deadline = new Date(checkedArg('deadline', DATE_ARG, input.deadline));
      const hecRate = checkedArg('BTCHECRate', RATE_ARG, input.BTCHECRate);
      const ethRate = checkedArg('BTCETHRate', RATE_ARG, input.BTCETHRate);
      const window = ratesWindow(startAt, endAt, deadline);
      checkFingerprintInput(input.fingerprint);
      return audit.withAudit(actor, ASSIGN_RATES.name, async (trx) => {
        await write.allowLongStatements(trx);
        if (!(await write.tryLockRateAssignment(trx))) {
          throw new AppError('CONFLICT', ASSIGNMENT_RUNNING, {
            reason: 'RATE_ASSIGNMENT_RUNNING',
          });
        }
        // The payments the preview showed, locked: the commit fixes exactly these (one
        // confirmed later in the window waits for the next commit), or refuses LIST_CHANGED.
        const set = await write.fixableSet(trx, window, { lock: true });
        confirmSet(ASSIGN_RATES_SET, { fingerprint: input.fingerprint }, ratesSet(window, set));
        const done = await write.assignRates(trx, {
          ...window,
          hecRate,
          ethRate,
          adminUserId: actor.adminUserId,
          onlyIds: set.map((p) => p.id),
        });
        if (done.count === 0) {
          throw new AppError('CONFLICT', NOTHING_TO_FIX, { reason: 'NOTHING_TO_FIX' });
        }
        const after = {
          rateAssignmentId: done.id,
          startAt: window.from?.toISOString() ?? null,
          endAt: window.until.toISOString(),
          deadline: window.deadline.toISOString(),
          BTCHECRate: hecRate,
          BTCETHRate: ethRate,
          countPayments: done.count,
          amountETH: done.amountETH,
          amountHEC: done.amountHEC,
        };
        return {
          result: {
            message: `Rates assigned: ${done.count} payment${done.count === 1 ? '' : 's'} fixed.`,
            countPayments: done.count,
            amountETH: done.amountETH,
            amountHEC: done.amountHEC,
          },
          targetIds: [done.id],
          before: null,
          after,
        };
      });
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
  return { message, countPayments: report.alreadyImported ? 0 : count, report };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
