import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@mui/material';
import { isOneOf } from '@app/shared';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useUserPayments } from '../api/user-payments';
import { userPaymentsCsvLink } from '../api/user-payments-csv';
import { ExportBar, ExportButton } from '@/components/export-button';
import { PAYMENT_STATUSES, paymentColumns, paymentStatusLabel } from '@/components/payment-columns';
import { useUserIdParam } from './use-user-id-param';
import { UserHistoryNav } from './user-history-nav';
import '@/i18n/lists';

const FILTERS = {
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

/** /common/users/:id/payment_history: every payment of one user with userPayments' filters. */
export function UserPaymentHistoryPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  const list = useListState(LIST);
  const f = list.filters;
  // A status in the URL that is not one (a hand-edited link) is left out, not sent to be refused.
  const paymentStatus = isOneOf(PAYMENT_STATUSES, f.paymentStatus) ? f.paymentStatus : undefined;
  const filter = {
    userId: userId ?? 0,
    paymentStatus,
    confirmedAtFrom: dayStartIso(f.confirmedAtFrom),
    confirmedAtUntil: dayEndIso(f.confirmedAtUntil),
    assetFixedAtFrom: dayStartIso(f.assetFixedAtFrom),
    assetFixedAtUntil: dayEndIso(f.assetFixedAtUntil),
  };
  const query = useUserPayments({ input: { ...filter, pagination: list.pagination } });
  const exportLink = (version: number) => () =>
    userPaymentsCsvLink({ ...filter, sort: list.pagination.sort, version });
  const columns = useMemo(() => paymentColumns(t), [t]);
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  const fields: FilterField[] = [
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
    <>
      <UserHistoryNav userId={userId} />
      <ExportBar>
        <ExportButton getLink={exportLink(1)} rowCount={query.data?.pagination.totalRecords} />
        <ExportButton
          getLink={exportLink(2)}
          label={t('exports.buttonV2')}
          rowCount={query.data?.pagination.totalRecords}
        />
      </ExportBar>
      <FilteredList
        list={list}
        query={query}
        fields={fields}
        filterValues={{ ...f, paymentStatus: paymentStatus ?? '' }}
        label={t('users.sections.paymentHistory')}
        storageKey="user-payments"
        columns={columns}
        getRowId={(p) => p.userPaymentId}
      />
    </>
  );
}
