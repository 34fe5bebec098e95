import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@mui/material';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useUserWithdrawalHistory } from '../api/user-withdrawal-history';
import { UserHistoryNav } from './user-history-nav';
import { useUserIdParam } from './use-user-id-param';
import {
  asWithdrawalKind,
  asWithdrawalStatus,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
  withdrawalColumns,
} from './withdrawal-columns';
import '@/i18n/lists';

const FILTERS = { kind: 'text', status: 'text' } as const;

const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'requestedAt', orderBy: 'DESC' },
  sortTargets: ['requestedAt', 'id'],
};

/** /common/users/:id/withdrawal_history: every withdrawal request of one user, of all kinds. */
export function UserWithdrawalHistoryPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  const list = useListState(LIST);
  // A kind or status the URL made up is left out rather than sent (the API refuses it).
  const kind = asWithdrawalKind(list.filters.kind);
  const status = asWithdrawalStatus(list.filters.status);
  const query = useUserWithdrawalHistory({
    userId: userId ?? 0,
    kind,
    status,
    pagination: list.pagination,
  });
  const columns = useMemo(() => withdrawalColumns(t, userId ?? undefined), [t, userId]);
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  const fields: FilterField[] = [
    {
      key: 'kind',
      label: t('fields.kind'),
      type: 'select',
      options: WITHDRAWAL_KINDS.map((k) => ({ value: k, label: t(`withdrawalKind.${k}`) })),
    },
    {
      key: 'status',
      label: t('fields.status'),
      type: 'select',
      options: WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`withdrawalStatus.${s}`) })),
    },
  ];
  return (
    <>
      <UserHistoryNav userId={userId} />
      <FilteredList
        list={list}
        query={query}
        fields={fields}
        filterValues={{ kind: kind ?? '', status: status ?? '' }}
        label={t('users.sections.withdrawalHistory')}
        storageKey="user-withdrawals"
        columns={columns}
        getRowId={(w) => w.id}
        emptyText={t('users.noWithdrawals')}
      />
    </>
  );
}
