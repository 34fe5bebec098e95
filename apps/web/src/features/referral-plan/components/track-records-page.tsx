import { amountField } from '@/components/data-table/columns';
import { forceClubUserFilterFields, userColumns } from '@/components/data-table/user-columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { formatNumber } from '@/lib/format';
import { TRACK_RECORDS_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { affiliateTrackRecords } from '../api/affiliate-track-records';
import { referralRewardsCsv } from '@/gql/list-exports';

const VIEW = listView(TRACK_RECORDS_SHAPE);

/** /referral_plan/track_records: referral-plan totals and number of children per user. */
const TRACK_RECORDS = defineListScreen({
  ...VIEW.data('input', affiliateTrackRecords, referralRewardsCsv),
  label: (t) => t('coinSaving.trackRecordsLabel'),
  storageKey: 'track-records',
  fields: (t) => forceClubUserFilterFields(VIEW, t),
  columns: (t) => [
    {
      id: 'userId',
      label: t('fields.userId'),
      render: (r) => r.userId,
      sortable: true,
      hideable: false,
    },
    ...userColumns(t, 'userName', { forceClubId: true }),
    {
      id: 'parentUserName',
      label: t('fields.parentUserName'),
      render: (r) => <TruncatedText text={r.parentUserName ?? ''} max={22} />,
      // Offered in the column chooser: with the four HEC totals in their exact-on-hover form
      // the default columns must fit the 1366 px laptop in Japanese (e2e/lists.e2e.ts).
      defaultHidden: true,
    },
    {
      id: 'numberOfChildren',
      label: t('fields.numberOfChildren'),
      render: (r) => formatNumber(r.numberOfChildren),
      sortable: true,
      align: 'right',
    },
    amountField(t, 'totalRemittedHec', 'HEC'),
    amountField(t, 'totalHecPrincipal', 'HEC'),
    amountField(t, 'totalReferralRewards', 'HEC'),
    amountField(t, 'totalBonusRewards', 'HEC'),
  ],
  getRowId: (r) => r.userId,
  rowLink: {
    to: (r) => `/common/users/${r.userId}`,
    label: (t, r) => t('users.openUser', { name: r.userName }),
  },
  timeZoneNote: false,
});

export function TrackRecordsPage() {
  return <ListScreen descriptor={TRACK_RECORDS} />;
}
