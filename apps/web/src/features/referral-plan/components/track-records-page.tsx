import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { amountColumn, hashColumn } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { AffiliateTrackRecordsQuery } from '@/gql/graphql';
import { formatNumber } from '@/lib/format';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useAffiliateTrackRecords } from '../api/affiliate-track-records';
import { trackRecordsCsvLink } from '../api/referral-plan-csv';
import { ExportBar, ExportButton } from '@/components/export-button';
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
    { key: 'userName', label: t('fields.userName'), hint: t('list.matchPrefix') },
    { key: 'email', label: t('fields.email'), hint: t('list.matchPrefix') },
    { key: 'forceClubId', label: t('fields.forceClubId'), hint: t('list.matchExact') },
  ];
  const columns: DataColumn<Row>[] = [
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
  ];
  return (
    <>
      <ExportBar>
        <ExportButton
          getLink={() =>
            trackRecordsCsvLink({
              userName: f.userName || undefined,
              email: f.email || undefined,
              forceClubId: f.forceClubId || undefined,
              sort: list.pagination.sort,
            })
          }
        />
      </ExportBar>
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
    </>
  );
}
