import { ListScreen } from '@/components/list-screen';
import { USER_WITHDRAWALS_SHAPE, WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { userWithdrawalHistory } from '../api/user-withdrawal-history';
import { UserHistoryPage } from './user-history-nav';
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
  return (
    <UserHistoryPage>
      {(userId) => <ListScreen descriptor={USER_WITHDRAWALS} context={userId} />}
    </UserHistoryPage>
  );
}
