import type { TFunction } from 'i18next';
import { isOneOf, PAYMENT_STATUSES } from '@app/shared';
import type { DataColumn } from '@/components/data-table/data-table';
import { TruncatedText } from '@/components/truncated-text';
import type { UserPaymentsQuery } from '@/gql/graphql';
import { formatAmount, formatUsd } from '@/lib/amount';
import { formatDateTime } from '@/lib/date-time';

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
    {
      id: 'priceUsd',
      label: t('fields.priceUsd'),
      render: (p) => formatUsd(p.priceUsd),
      align: 'right',
    },
    {
      id: 'paidUsd',
      label: t('fields.paidUsd'),
      render: (p) => formatUsd(p.paidUsd),
      align: 'right',
    },
    {
      id: 'paidBtc',
      label: t('fields.paidBtc'),
      render: (p) => formatAmount(p.paidBtc, 'BTC'),
      align: 'right',
    },
    {
      id: 'amountHEC',
      label: t('fields.amountHEC'),
      render: (p) => formatAmount(p.amountHEC, 'HEC'),
      align: 'right',
    },
    {
      id: 'amountETH',
      label: t('fields.amountETH'),
      render: (p) => formatAmount(p.amountETH, 'ETH'),
      align: 'right',
    },
    {
      id: 'paymentAddress',
      label: t('fields.paymentAddress'),
      render: (p) => <TruncatedText text={p.paymentAddress} max={20} />,
      defaultHidden: true,
    },
    {
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      render: (p) => formatDateTime(p.confirmedAt),
      sortable: true,
    },
    {
      id: 'assetFixedAt',
      label: t('fields.assetFixedAt'),
      render: (p) => formatDateTime(p.assetFixedAt),
      sortable: true,
    },
    {
      id: 'canceledAt',
      label: t('fields.canceledAt'),
      render: (p) => formatDateTime(p.canceledAt),
      defaultHidden: true,
    },
  ];
}
