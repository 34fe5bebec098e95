import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../db/tables/domain-tables';
import { badInput, dateRange, positiveId, textFilter } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import * as repo from './payments-repository';

export type PaymentsFilterInput = {
  userId?: number | null | undefined;
  userName?: string | null | undefined;
  paymentStatus?: string | null | undefined;
  confirmedAtFrom?: Date | null | undefined;
  confirmedAtUntil?: Date | null | undefined;
  assetFixedAtFrom?: Date | null | undefined;
  assetFixedAtUntil?: Date | null | undefined;
};

export const PAYMENTS_SORT_TARGETS: readonly repo.PaymentsSortTarget[] = [
  'userPaymentId',
  'confirmedAt',
  'assetFixedAt',
];

/** Validates userPayments filters: a known status, ranges in order, a positive user id. */
export function paymentsFilter(input: PaymentsFilterInput): repo.PaymentsFilter {
  const status = textFilter(input.paymentStatus)?.toLowerCase();
  if (status !== undefined && !(PAYMENT_STATUSES as readonly string[]).includes(status)) {
    throw badInput('paymentStatus', `must be one of ${PAYMENT_STATUSES.join(', ')}.`);
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
  return {
    userId:
      input.userId === null || input.userId === undefined
        ? undefined
        : positiveId('userId', input.userId),
    userName: textFilter(input.userName),
    paymentStatus: status as PaymentStatus | undefined,
    confirmedAtFrom: confirmed.from,
    confirmedAtUntil: confirmed.until,
    assetFixedAtFrom: fixed.from,
    assetFixedAtUntil: fixed.until,
  };
}

/** Reads of payments (userPayments). */
export function createPaymentsService(db: Kysely<DB>) {
  return {
    /** One page of payments matching the filters, with the exact total. */
    list: (filter: PaymentsFilterInput, page: PageRequest<repo.PaymentsSortTarget>) =>
      repo.listPayments(db, paymentsFilter(filter), page),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
