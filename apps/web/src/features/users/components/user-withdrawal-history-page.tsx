import { useTranslation } from 'react-i18next';
import { Alert } from '@mui/material';
import { ListScreen } from '@/components/list-screen';
import { defineList } from '@/lib/list-query';
import { userWithdrawalHistory } from '../api/user-withdrawal-history';
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

/** Every withdrawal request of one user (`context`: the user's id), of all kinds. */
const USER_WITHDRAWALS = defineList({
  url: {
    filters: { kind: 'text', status: 'text' },
    defaultSort: { target: 'requestedAt', orderBy: 'DESC' },
    sortTargets: ['requestedAt', 'id'],
  },
  query: {
    ...userWithdrawalHistory,
    // A kind or status the URL made up is left out rather than sent (the API refuses it).
    variables: (search, pagination, userId: number) => ({
      userId,
      kind: asWithdrawalKind(search.kind ?? ''),
      status: asWithdrawalStatus(search.status ?? ''),
      pagination,
    }),
  },
  label: (t) => t('users.sections.withdrawalHistory'),
  storageKey: 'user-withdrawals',
  fields: (t) => [
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
  ],
  filterValues: (f) => ({
    kind: asWithdrawalKind(f.kind) ?? '',
    status: asWithdrawalStatus(f.status) ?? '',
  }),
  columns: (t, userId) => withdrawalColumns(t, userId),
  getRowId: (w) => w.id,
  emptyText: (t) => t('users.noWithdrawals'),
});

/** /common/users/:id/withdrawal_history: every withdrawal request of one user, of all kinds. */
export function UserWithdrawalHistoryPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  return (
    <>
      <UserHistoryNav userId={userId} />
      <ListScreen descriptor={USER_WITHDRAWALS} context={userId} />
    </>
  );
}
