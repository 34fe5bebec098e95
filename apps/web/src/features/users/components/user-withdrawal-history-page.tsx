import { useTranslation } from 'react-i18next';
import { Alert } from '@mui/material';
import { ListScreen } from '@/components/list-screen';
import { USER_WITHDRAWALS_SHAPE, WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { userWithdrawalHistory } from '../api/user-withdrawal-history';
import { UserHistoryNav } from './user-history-nav';
import { useUserIdParam } from './use-user-id-param';
import { withdrawalColumns } from './user-withdrawal-columns';
import '@/i18n/lists';

/** userWithdrawalHistory's URL and variables (a made-up kind or status is no filter). */
const VIEW = listView(USER_WITHDRAWALS_SHAPE);

/** Every withdrawal request of one user (`context`: the user's id), of all kinds. */
const USER_WITHDRAWALS = defineListScreen({
  view: VIEW,
  query: {
    ...userWithdrawalHistory,
    variables: (search, pagination, userId: number) => ({
      userId,
      ...VIEW.variables(search),
      pagination,
    }),
  },
  label: (t) => t('users.sections.withdrawalHistory'),
  storageKey: 'user-withdrawals',
  fields: (t) => [
    VIEW.field('kind', {
      label: t('fields.kind'),
      options: WITHDRAWAL_KINDS.map((k) => ({ value: k, label: t(`withdrawalKind.${k}`) })),
    }),
    VIEW.field('status', {
      label: t('fields.status'),
      options: WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`withdrawalStatus.${s}`) })),
    }),
  ],
  filterValues: VIEW.formValues,
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
