import { amountColumn, hashColumn } from '@/components/data-table/columns';
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
  view: VIEW,
  query: {
    ...affiliateTrackRecords,
    variables: (search, pagination) => ({
      input: { searchParams: VIEW.variables(search), pagination },
    }),
  },
  export: {
    ...trackRecordsCsv,
    variables: (search, sort) => ({ ...VIEW.variables(search), sort }),
  },
  label: (t) => t('coinSaving.trackRecordsLabel'),
  storageKey: 'track-records',
  fields: (t) => [
    VIEW.field('userName', { label: t('fields.userName'), hint: t('list.matchPrefix') }),
    VIEW.field('email', { label: t('fields.email'), hint: t('list.matchPrefix') }),
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
    {
      id: 'userName',
      label: t('fields.userName'),
      render: (r) => <TruncatedText text={r.userName} max={22} />,
      hideable: false,
      pinned: true,
    },
    {
      id: 'email',
      label: t('fields.email'),
      render: (r) => <TruncatedText text={r.email} max={22} />,
      defaultHidden: true,
    },
    hashColumn({
      id: 'forceClubId',
      label: t('fields.forceClubId'),
      value: (r) => r.forceClubId,
      defaultHidden: true,
    }),
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
    amountColumn({
      id: 'totalRemittedHec',
      label: t('fields.totalRemittedHec'),
      unit: 'HEC',
      value: (r) => r.totalRemittedHec,
    }),
    amountColumn({
      id: 'totalHecPrincipal',
      label: t('fields.totalHecPrincipal'),
      unit: 'HEC',
      value: (r) => r.totalHecPrincipal,
    }),
    amountColumn({
      id: 'totalReferralRewards',
      label: t('fields.totalReferralRewards'),
      unit: 'HEC',
      value: (r) => r.totalReferralRewards,
    }),
    amountColumn({
      id: 'totalBonusRewards',
      label: t('fields.totalBonusRewards'),
      unit: 'HEC',
      value: (r) => r.totalBonusRewards,
    }),
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
