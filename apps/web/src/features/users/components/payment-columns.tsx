import type { TFunction } from 'i18next';
import { isOneOf, PAYMENT_STATUSES } from '@app/shared';
import { amountColumn, dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import type { UserPaymentsQuery } from '@/gql/graphql';

export type PaymentRow = UserPaymentsQuery['userPayments']['list'][number];

// Re-exported for the payment history page's status filter (the values are packages/shared's).
export { PAYMENT_STATUSES };

/** The translated name of a payment status; unknown statuses show as sent. */
export function paymentStatusLabel(status: string, t: TFunction): string {
  return isOneOf(PAYMENT_STATUSES, status) ? t(`paymentStatus.${status}`) : status;
}

/** The columns of a payments table (user detail section and payment history page). */
export function paymentColumns(t: TFunction): DataColumn<PaymentRow>[] {
  return [
    {
      id: 'userPaymentId',
      label: t('fields.userPaymentId'),
      render: (p) => p.userPaymentId,
      sortable: true,
      hideable: false,
    },
    { id: 'planName', label: t('fields.planName'), render: (p) => p.planName },
    { id: 'status', label: t('fields.status'), render: (p) => paymentStatusLabel(p.status, t) },
    // The sortable dates come before the amounts so that the one the rows are sorted by is in
    // view on a laptop.
    dateTimeColumn({
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      value: (p) => p.confirmedAt,
      sortable: true,
    }),
    dateTimeColumn({
      id: 'assetFixedAt',
      label: t('fields.assetFixedAt'),
      value: (p) => p.assetFixedAt,
      sortable: true,
    }),
    amountColumn({
      id: 'priceUsd',
      label: t('fields.priceUsd'),
      unit: 'USD',
      value: (p) => p.priceUsd,
      defaultHidden: true,
    }),
    amountColumn({
      id: 'paidUsd',
      label: t('fields.paidUsd'),
      unit: 'USD',
      value: (p) => p.paidUsd,
    }),
    amountColumn({
      id: 'paidBtc',
      label: t('fields.paidBtc'),
      unit: 'BTC',
      value: (p) => p.paidBtc,
    }),
    amountColumn({
      id: 'amountHEC',
      label: t('fields.amountHEC'),
      unit: 'HEC',
      value: (p) => p.amountHEC,
    }),
    amountColumn({
      id: 'amountETH',
      label: t('fields.amountETH'),
      unit: 'ETH',
      value: (p) => p.amountETH,
    }),
    hashColumn({
      id: 'paymentAddress',
      label: t('fields.paymentAddress'),
      value: (p) => p.paymentAddress,
      defaultHidden: true,
    }),
    dateTimeColumn({
      id: 'canceledAt',
      label: t('fields.canceledAt'),
      value: (p) => p.canceledAt,
      defaultHidden: true,
    }),
  ];
}
