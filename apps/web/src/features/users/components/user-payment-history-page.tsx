import { PAYMENTS_SHAPE } from '@app/shared';
import { ListScreen } from '@/components/list-screen';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { userPaymentsCSV } from '@/gql/list-exports';
import { userPayments } from '@/lib/user-payments';
import { paymentColumns, paymentFilterFields } from '@/components/payment-columns';
import { UserHistoryPage } from './user-history-nav';
import '@/i18n/lists';

/** userPayments' URL, sorts and variables (PAYMENTS_SHAPE); a made-up status is no filter. */
const VIEW = listView(PAYMENTS_SHAPE, { omit: ['userId', 'userName'] });

/** Every payment of one user (`context`: the user's id); the export takes the same view. */
const USER_PAYMENTS = defineListScreen({
  view: VIEW,
  query: {
    ...userPayments,
    variables: (search, pagination, userId: number) => ({
      input: { ...VIEW.variables(search), userId, pagination },
    }),
  },
  // Layout 1, and a second button for the bookkeeper's (version 2).
  export: {
    ...userPaymentsCSV,
    variables: (search, sort, userId) => ({ ...VIEW.variables(search), userId, sort, version: 1 }),
    layouts: [
      {
        extra: { version: 2 },
        label: (t) => t('exports.buttonV2'),
        help: (t) => t('exports.buttonV2Help'),
      },
    ],
  },
  label: (t) => t('users.sections.paymentHistory'),
  storageKey: 'user-payments',
  fields: (t) => paymentFilterFields(VIEW, t),
  filterValues: VIEW.formValues,
  columns: (t) => paymentColumns(t),
  getRowId: (p) => p.userPaymentId,
});

/** /common/users/:id/payment_history: every payment of one user with userPayments' filters. */
export function UserPaymentHistoryPage() {
  return (
    <UserHistoryPage>
      {(userId) => <ListScreen descriptor={USER_PAYMENTS} context={userId} />}
    </UserHistoryPage>
  );
}
