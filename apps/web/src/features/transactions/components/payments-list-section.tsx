import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import { PAYMENTS_SHAPE } from '@app/shared';
import { ExportButton } from '@/components/export-button';
import { FilteredList } from '@/components/filtered-list';
import { filteredListProps } from '@/components/list-screen';
import { paymentColumns, paymentFilterFields } from '@/components/payment-columns';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { userPaymentsCSV } from '@/gql/list-exports';
import { userPayments } from '@/lib/user-payments';
import '@/i18n/lists';

/** userPayments' URL, sorts and variables (PAYMENTS_SHAPE); a made-up status is no filter. */
const VIEW = listView(PAYMENTS_SHAPE, { omit: ['userId'] });

/** Every payment with userPayments' filters; the export takes the same view, every page. */
const PAYMENTS = defineListScreen({
  view: VIEW,
  query: {
    ...userPayments,
    variables: (search, pagination) => ({ input: { ...VIEW.variables(search), pagination } }),
  },
  // Layout 1 unless a button asks for the bookkeeper's (version 2).
  export: {
    ...userPaymentsCSV,
    variables: (search, sort) => ({ ...VIEW.variables(search), sort, version: 1 }),
  },
  label: (t) => t('transactions.list.title'),
  storageKey: 'transactions-payments',
  fields: (t) => [
    VIEW.field('userName', { label: t('fields.userName') }),
    ...paymentFilterFields(VIEW, t),
  ],
  filterValues: VIEW.formValues,
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
              help={t('exports.buttonV2Help')}
              rowCount={query.data?.pagination.totalRecords}
            />
          </Box>
        }
      />
    </Box>
  );
}
