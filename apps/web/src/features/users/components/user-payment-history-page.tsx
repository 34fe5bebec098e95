import { useTranslation } from 'react-i18next';
import { Alert } from '@mui/material';
import { isOneOf } from '@app/shared';
import { ListScreen } from '@/components/list-screen';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import { defineList, type ListSearch } from '@/lib/list-query';
import { userPayments } from '@/lib/user-payments';
import { userPaymentsCsv } from '../api/user-payments-csv';
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

/** A status in the URL that is not one (a hand-edited link) is left out, not sent to be refused. */
const statusOf = (value = '') => (isOneOf(PAYMENT_STATUSES, value) ? value : undefined);

/** The URL's view as the filters of `userPayments` and of `userPaymentsCSV` (one mapping). */
const paymentsFilters = (s: ListSearch<typeof FILTERS>, userId: number) => ({
  userId,
  paymentStatus: statusOf(s.paymentStatus),
  confirmedAtFrom: dayStartIso(s.confirmedAtFrom ?? ''),
  confirmedAtUntil: dayEndIso(s.confirmedAtUntil ?? ''),
  assetFixedAtFrom: dayStartIso(s.assetFixedAtFrom ?? ''),
  assetFixedAtUntil: dayEndIso(s.assetFixedAtUntil ?? ''),
});

/** Every payment of one user (`context`: the user's id); the export takes the same view. */
const USER_PAYMENTS = defineList({
  url: {
    filters: FILTERS,
    defaultSort: { target: 'userPaymentId', orderBy: 'DESC' },
    sortTargets: ['userPaymentId', 'confirmedAt', 'assetFixedAt'],
  },
  query: {
    ...userPayments,
    variables: (search, pagination, userId: number) => ({
      input: { ...paymentsFilters(search, userId), pagination },
    }),
  },
  // Layout 1, and a second button for the bookkeeper's (version 2).
  export: {
    ...userPaymentsCsv,
    variables: (search, sort, userId) => ({ ...paymentsFilters(search, userId), sort, version: 1 }),
    layouts: [{ extra: { version: 2 }, label: (t) => t('exports.buttonV2') }],
  },
  label: (t) => t('users.sections.paymentHistory'),
  storageKey: 'user-payments',
  fields: (t) => [
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
  columns: (t) => paymentColumns(t),
  getRowId: (p) => p.userPaymentId,
});

/** /common/users/:id/payment_history: every payment of one user with userPayments' filters. */
export function UserPaymentHistoryPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  return (
    <>
      <UserHistoryNav userId={userId} />
      <ListScreen descriptor={USER_PAYMENTS} context={userId} />
    </>
  );
}
