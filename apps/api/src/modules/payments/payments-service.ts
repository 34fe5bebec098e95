import type { Kysely } from 'kysely';
import type { Locale } from '@app/shared';
import type { DB } from '../../db/schema';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../db/tables/domain-tables';
import { commandEvent, eventWriter } from '../../platform/commands';
import type { ImportsService } from '../../platform/imports';
import type { Clock } from '../../shared/clock';
import { badInput, dateRange, positiveId, textFilter, notOneOf } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import { IMPORT_PAYMENTS, PAYMENTS_CSV } from './commands/import-payments';
import { IMPORT_RATES, RATES_CSV } from './commands/import-rates';
import { jobActor, runCsvImport } from './payments-csv-imports';
import { paymentsTemplate } from './payments-imports';
import * as repo from './payments-repository';
import {
  PAYMENTS_LIST,
  UNFIXED_PAYMENTS_LIST,
  type PaymentsFilterInput,
  type UnfixedPaymentsInput,
} from './payments-list';
import { checkedArg, RATE_ARG, ratesSet, ratesWindow } from './payments-rates';
import * as write from './payments-write-repository';

export type { PaymentsFilterInput };
/** The payments CSV as an import definition (the bench runs it). */
export { paymentsImportDefinition } from './payments-csv-imports';

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

type RatesSummaryInput = {
  confirmedAtFrom?: Date | null | undefined;
  confirmedAtUntil: Date;
  deadlineDatetime: Date;
  BTCHECRate?: string | null | undefined;
  BTCETHRate?: string | null | undefined;
};

/** Payments: the list (userPayments), adding payments, rate assignment and the two CSV imports. */
export function createPaymentsService(
  db: Kysely<DB>,
  audit: AuditService,
  imports: ImportsService,
  clock: Clock,
) {
  // A background upload's job runs the same import from the stored file (issue 36), as the
  // admin who sent it, writing its command's event.
  for (const [command, csv] of [
    [IMPORT_PAYMENTS, PAYMENTS_CSV],
    [IMPORT_RATES, RATES_CSV],
  ] as const) {
    imports.registerRunner(command.name, (from, input) => {
      const actor = jobActor(from);
      const events = eventWriter(audit, actor, commandEvent(command));
      return runCsvImport<string>(imports, events, actor, csv, clock(), input, input.runId);
    });
  }

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

export type PaymentsService = ReturnType<typeof createPaymentsService>;
