import { amountField } from '@/components/data-table/columns';
import {
  forceClubIdColumn,
  userEmailColumn,
  userNameColumn,
  userFilterFields,
} from '@/components/data-table/user-columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { formatNumber } from '@/lib/format';
import { TRACK_RECORDS_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { affiliateTrackRecords } from '../api/affiliate-track-records';
import { trackRecordsCsv } from '../api/referral-plan-csv';

const VIEW = listView(TRACK_RECORDS_SHAPE);

/** /referral_plan/track_records: referral-plan totals and number of children per user. */
const TRACK_RECORDS = defineListScreen({
  ...VIEW.data('input', affiliateTrackRecords, trackRecordsCsv),
  label: (t) => t('coinSaving.trackRecordsLabel'),
  storageKey: 'track-records',
  fields: (t) => [
    ...userFilterFields(VIEW, t),
    VIEW.field('forceClubId', { label: t('fields.forceClubId'), hint: t('list.matchExact') }),
  ],
  columns: (t) => [
    {
      id: 'userId',
      label: t('fields.userId'),
      render: (r) => r.userId,
      sortable: true,
      hideable: false,
    },
    userNameColumn(t, { id: 'userName', value: (r) => r.userName }),
    userEmailColumn(t, (r) => r.email),
    forceClubIdColumn(t, (r) => r.forceClubId),
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
