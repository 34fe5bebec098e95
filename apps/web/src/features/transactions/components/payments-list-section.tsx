import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import { isOneOf, PAYMENT_STATUSES } from '@app/shared';
import { ExportButton } from '@/components/export-button';
import { FilteredList } from '@/components/filtered-list';
import { filteredListProps } from '@/components/list-screen';
import { paymentColumns, paymentStatusLabel } from '@/components/payment-columns';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import { defineList, useListQuery, type ListSearch } from '@/lib/list-query';
import { paymentsCsv } from '../api/payments-csv';
import { userPayments } from '@/lib/user-payments';
import '@/i18n/lists';

const FILTERS = {
  userName: 'text',
  paymentStatus: 'text',
  confirmedAtFrom: 'text',
  confirmedAtUntil: 'text',
  assetFixedAtFrom: 'text',
  assetFixedAtUntil: 'text',
} as const;

/** A status from the URL that is not one leaves the list unfiltered (and the select empty). */
const statusOf = (value = '') => (isOneOf(PAYMENT_STATUSES, value) ? value : undefined);

/** The URL's view as the filters of `userPayments` and of `userPaymentsCSV` (one mapping). */
const paymentsFilters = (s: ListSearch<typeof FILTERS>) => ({
  userName: s.userName,
  paymentStatus: statusOf(s.paymentStatus),
  confirmedAtFrom: dayStartIso(s.confirmedAtFrom ?? ''),
  confirmedAtUntil: dayEndIso(s.confirmedAtUntil ?? ''),
  assetFixedAtFrom: dayStartIso(s.assetFixedAtFrom ?? ''),
  assetFixedAtUntil: dayEndIso(s.assetFixedAtUntil ?? ''),
});

/** Every payment with userPayments' filters; the export takes the same view, every page. */
const PAYMENTS = defineList({
  url: {
    filters: FILTERS,
    defaultSort: { target: 'userPaymentId', orderBy: 'DESC' },
    sortTargets: ['userPaymentId', 'confirmedAt', 'assetFixedAt'],
  },
  query: {
    ...userPayments,
    variables: (search, pagination) => ({ input: { ...paymentsFilters(search), pagination } }),
  },
  // Layout 1 unless a button asks for the bookkeeper's (version 2).
  export: {
    ...paymentsCsv,
    variables: (search, sort) => ({ ...paymentsFilters(search), sort, version: 1 }),
  },
  label: (t) => t('transactions.list.title'),
  storageKey: 'transactions-payments',
  fields: (t) => [
    { key: 'userName', label: t('fields.userName'), type: 'text' },
    {
      key: 'paymentStatus',
      label: t('fields.paymentStatus'),
      type: 'select',
      options: PAYMENT_STATUSES.map((s) => ({ value: s, label: paymentStatusLabel(s, t) })),
    },
    { key: 'confirmedAtFrom', label: t('fields.confirmedAtFrom'), type: 'date' },
    { key: 'confirmedAtUntil', label: t('fields.confirmedAtUntil'), type: 'date' },
    { key: 'assetFixedAtFrom', label: t('fields.assetFixedAtFrom'), type: 'date' },
    { key: 'assetFixedAtUntil', label: t('fields.assetFixedAtUntil'), type: 'date' },
  ],
  filterValues: (f) => ({ ...f, paymentStatus: statusOf(f.paymentStatus) ?? '' }),
  columns: (t) => paymentColumns(t, { withUserName: true }),
  getRowId: (p) => p.userPaymentId,
});

/** Every payment with userPayments' filters, and the place the export buttons go. */
export function PaymentsListSection() {
  const { t } = useTranslation();
  const { list, query, exportLink } = useListQuery(PAYMENTS);
  return (
    <Box component="section" aria-labelledby="payments-list-heading" id="payments-list">
      <Typography id="payments-list-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('transactions.list.title')}
      </Typography>
      <FilteredList
        list={list}
        query={query}
        {...filteredListProps(PAYMENTS, t, undefined, list)}
        actions={
          <Box data-testid="payments-export-actions" sx={{ display: 'flex', gap: 1 }}>
            <ExportButton
              getLink={() => exportLink!()}
              rowCount={query.data?.pagination.totalRecords}
            />
            <ExportButton
              getLink={() => exportLink!({ version: 2 })}
              label={t('exports.buttonV2')}
              rowCount={query.data?.pagination.totalRecords}
            />
          </Box>
        }
      />
    </Box>
  );
}
