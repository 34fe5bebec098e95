import type { TFunction } from 'i18next';
import { isOneOf, PAYMENT_STATUSES } from '@app/shared';
import { amountField, dateTimeField, hashField } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import type { FilterFormField } from '@/components/list-filters';
import type { PaymentRow } from '@/lib/user-payments';

/** The translated name of a payment status; unknown statuses show as sent. */
function paymentStatusLabel(status: string, t: TFunction): string {
  return isOneOf(PAYMENT_STATUSES, status) ? t(`paymentStatus.${status}`) : status;
}

/** The filters of `PAYMENTS_SHAPE` that every payments screen shows, in this order. */
type PaymentFilter =
  | 'paymentStatus'
  | 'confirmedAtFrom'
  | 'confirmedAtUntil'
  | 'assetFixedAtFrom'
  | 'assetFixedAtUntil';

/**
 * The status and the two date ranges of a payments screen (the Transactions list and a user's
 * payment history), as form fields of the screen's `listView(PAYMENTS_SHAPE)`.
 */
export function paymentFilterFields(
  view: {
    field: (
      name: PaymentFilter,
      props: { label: string; options?: { value: string; label: string }[] },
    ) => FilterFormField;
  },
  t: TFunction,
): FilterFormField[] {
  return [
    view.field('paymentStatus', {
      label: t('fields.paymentStatus'),
      options: PAYMENT_STATUSES.map((s) => ({ value: s, label: paymentStatusLabel(s, t) })),
    }),
    view.field('confirmedAtFrom', { label: t('fields.confirmedAtFrom') }),
    view.field('confirmedAtUntil', { label: t('fields.confirmedAtUntil') }),
    view.field('assetFixedAtFrom', { label: t('fields.assetFixedAtFrom') }),
    view.field('assetFixedAtUntil', { label: t('fields.assetFixedAtUntil') }),
  ];
}

/**
 * The columns of a payments table: the user detail's section and payment history page (one
 * user's payments), and the Transactions screen's list of every user's (`withUserName`).
 */
export function paymentColumns<Row extends PaymentRow>(
  t: TFunction,
  options: { withUserName?: boolean } = {},
): DataColumn<Row>[] {
  return [
    {
      id: 'userPaymentId',
      label: t('fields.userPaymentId'),
      render: (p) => p.userPaymentId,
      sortable: true,
      hideable: false,
    },
    ...(options.withUserName
      ? [{ id: 'userName', label: t('fields.userName'), render: (p: Row) => p.userName }]
      : []),
    { id: 'planName', label: t('fields.planName'), render: (p) => p.planName },
    { id: 'status', label: t('fields.status'), render: (p) => paymentStatusLabel(p.status, t) },
    // The sortable dates come before the amounts so that the one the rows are sorted by is in
    // view on a laptop.
    dateTimeField<PaymentRow>(t, 'confirmedAt', { sortable: true }),
    dateTimeField<PaymentRow>(t, 'assetFixedAt', {
      sortable: true,
      // With the user name column (every user's payments) the list is 1,139 px in a 1,060 px
      // panel: the fixing date waits in the chooser there, the status already says 資産確定.
      defaultHidden: options.withUserName,
    }),
    amountField<PaymentRow>(t, 'priceUsd', 'USD', { defaultHidden: true }),
    amountField<PaymentRow>(t, 'paidUsd', 'USD'),
    amountField<PaymentRow>(t, 'paidBtc', 'BTC'),
    amountField<PaymentRow>(t, 'amountHEC', 'HEC'),
    amountField<PaymentRow>(t, 'amountETH', 'ETH'),
    hashField<PaymentRow>(t, 'paymentAddress', { defaultHidden: true }),
    dateTimeField<PaymentRow>(t, 'canceledAt', { defaultHidden: true }),
  ];
}
