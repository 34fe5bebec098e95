import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { AffiliateTrackRecordsQuery } from '@/gql/graphql';
import { formatAmount } from '@/lib/amount';
import { formatNumber } from '@/lib/format';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useAffiliateTrackRecords } from '../api/affiliate-track-records';
import '@/i18n/lists';

type Row = AffiliateTrackRecordsQuery['affiliateTrackRecords']['list'][number];

const FILTERS = { userName: 'text', email: 'text', forceClubId: 'text' } as const;
const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'userId', orderBy: 'DESC' },
  sortTargets: ['userId', 'numberOfChildren'],
};

/** /referral_plan/track_records: referral-plan totals and number of children per user. */
export function TrackRecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState(LIST);
  const f = list.filters;
  const query = useAffiliateTrackRecords({
    input: {
      searchParams: {
        userName: f.userName || undefined,
        email: f.email || undefined,
        forceClubId: f.forceClubId || undefined,
      },
      pagination: list.pagination,
    },
  });
  const fields: FilterField[] = [
    { key: 'userName', label: t('fields.userName') },
    { key: 'email', label: t('fields.email') },
    { key: 'forceClubId', label: t('fields.forceClubId') },
  ];
  const columns: DataColumn<Row>[] = [
    {
      id: 'userId',
      label: t('fields.userId'),
      render: (r) => r.userId,
      sortable: true,
      hideable: false,
    },
    { id: 'userName', label: t('fields.userName'), render: (r) => r.userName, hideable: false },
    { id: 'email', label: t('fields.email'), render: (r) => <TruncatedText text={r.email} /> },
    {
      id: 'forceClubId',
      label: t('fields.forceClubId'),
      render: (r) => <TruncatedText text={r.forceClubId ?? ''} max={16} />,
      defaultHidden: true,
    },
    {
      id: 'parentUserName',
      label: t('fields.parentUserName'),
      render: (r) => r.parentUserName ?? '',
    },
    {
      id: 'numberOfChildren',
      label: t('fields.numberOfChildren'),
      render: (r) => formatNumber(r.numberOfChildren),
      sortable: true,
      align: 'right',
    },
    {
      id: 'totalRemittedHec',
      label: t('fields.totalRemittedHec'),
      render: (r) => formatAmount(r.totalRemittedHec, 'HEC'),
      align: 'right',
    },
    {
      id: 'totalHecPrincipal',
      label: t('fields.totalHecPrincipal'),
      render: (r) => formatAmount(r.totalHecPrincipal, 'HEC'),
      align: 'right',
    },
    {
      id: 'totalReferralRewards',
      label: t('fields.totalReferralRewards'),
      render: (r) => formatAmount(r.totalReferralRewards, 'HEC'),
      align: 'right',
    },
    {
      id: 'totalBonusRewards',
      label: t('fields.totalBonusRewards'),
      render: (r) => formatAmount(r.totalBonusRewards, 'HEC'),
      align: 'right',
    },
  ];
  return (
    <FilteredList
      list={list}
      query={query}
      fields={fields}
      label={t('coinSaving.trackRecordsLabel')}
      storageKey="track-records"
      columns={columns}
      getRowId={(r) => r.userId}
      onOpenRow={(r) => navigate(`/common/users/${r.userId}`)}
      rowLabel={(r) => t('users.openUser', { name: r.userName })}
      timeZoneNote={false}
    />
  );
}
