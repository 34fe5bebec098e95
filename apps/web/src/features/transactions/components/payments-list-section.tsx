import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import { isOneOf, PAYMENT_STATUSES } from '@app/shared';
import { ExportButton } from '@/components/export-button';
import { FilteredList } from '@/components/filtered-list';
import { paymentColumns, paymentStatusLabel } from '@/components/payment-columns';
import type { FilterField } from '@/components/list-filters';
import type { TransactionsPaymentsQuery } from '@/gql/graphql';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { paymentsCsvLink } from '../api/payments-csv';
import { useTransactionsPayments } from '../api/queries';
import '@/i18n/lists';

type Row = TransactionsPaymentsQuery['userPayments']['list'][number];

const FILTERS = {
  userName: 'text',
  paymentStatus: 'text',
  confirmedAtFrom: 'text',
  confirmedAtUntil: 'text',
  assetFixedAtFrom: 'text',
  assetFixedAtUntil: 'text',
} as const;

const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'userPaymentId', orderBy: 'DESC' },
  sortTargets: ['userPaymentId', 'confirmedAt', 'assetFixedAt'],
};

/** Every payment with userPayments' filters, and the place the export buttons go. */
export function PaymentsListSection() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const f = list.filters;
  const paymentStatus = isOneOf(PAYMENT_STATUSES, f.paymentStatus) ? f.paymentStatus : undefined;
  const filter = {
    userName: f.userName || undefined,
    paymentStatus,
    confirmedAtFrom: dayStartIso(f.confirmedAtFrom),
    confirmedAtUntil: dayEndIso(f.confirmedAtUntil),
    assetFixedAtFrom: dayStartIso(f.assetFixedAtFrom),
    assetFixedAtUntil: dayEndIso(f.assetFixedAtUntil),
  };
  const query = useTransactionsPayments({ input: { ...filter, pagination: list.pagination } });
  // The export takes the very filters the list was asked with, and its sort: every page of it.
  const exportLink = (version: number) => () =>
    paymentsCsvLink({ ...filter, sort: list.pagination.sort, version });
  const cols = useMemo(() => paymentColumns<Row>(t, { withUserName: true }), [t]);
  const fields: FilterField[] = [
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
  ];
  return (
    <Box component="section" aria-labelledby="payments-list-heading" id="payments-list">
      <Typography id="payments-list-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('transactions.list.title')}
      </Typography>
      <FilteredList
        list={list}
        query={query}
        fields={fields}
        filterValues={{ ...f, paymentStatus: paymentStatus ?? '' }}
        label={t('transactions.list.title')}
        storageKey="transactions-payments"
        columns={cols}
        getRowId={(p) => p.userPaymentId}
        actions={
          <Box data-testid="payments-export-actions" sx={{ display: 'flex', gap: 1 }}>
            <ExportButton getLink={exportLink(1)} rowCount={query.data?.pagination.totalRecords} />
            <ExportButton
              getLink={exportLink(2)}
              label={t('exports.buttonV2')}
              rowCount={query.data?.pagination.totalRecords}
            />
          </Box>
        }
      />
    </Box>
  );
}
