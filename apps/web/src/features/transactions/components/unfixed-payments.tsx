import { useTranslation } from 'react-i18next';
import { UNFIXED_PAYMENTS_SHAPE } from '@app/shared';
import { amountField, dateTimeField } from '@/components/data-table/columns';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { listTableProps } from '@/components/list-screen';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { unfixedPayments } from '../api/unfixed-payments';

/** A rate assignment's window: its start is the list's filter, its end whose rows these are. */
type Window = { confirmedAtFrom: string | null; confirmedAtUntil: string };

/**
 * The payments a rate assignment of the window would fix, from UNFIXED_PAYMENTS_SHAPE; the
 * window comes from the rate form, the page and sort sit in the URL under `unfixed.`.
 */
const UNFIXED = defineListScreen({
  view: listView(UNFIXED_PAYMENTS_SHAPE, { omit: ['confirmedAtFrom'], prefix: 'unfixed.' }),
  query: {
    ...unfixedPayments,
    variables: (_search, pagination, window: Window) => ({ ...window, pagination }),
  },
  label: (t) => t('transactions.rates.unfixedList'),
  storageKey: 'transactions-unfixed',
  fields: () => [],
  columns: (t) => [
    { id: 'userPaymentId', label: t('fields.userPaymentId'), render: (p) => p.userPaymentId },
    { id: 'userName', label: t('fields.userName'), render: (p) => p.userName },
    { id: 'planName', label: t('fields.planName'), render: (p) => p.planName },
    amountField(t, 'paidBtc', 'BTC'),
    dateTimeField(t, 'confirmedAt', { sortable: true }),
  ],
  getRowId: (p) => p.userPaymentId,
});

/** The payments the previewed assignment would fix, paged and sorted like every list. */
export function UnfixedPayments({ window }: { window: Window }) {
  const { t } = useTranslation();
  const { list, query } = useListQuery(UNFIXED, window);
  return (
    <DataTable {...listTableProps(UNFIXED, t, window)} {...pagedQueryProps(query)} list={list} />
  );
}
