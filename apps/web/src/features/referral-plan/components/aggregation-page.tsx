import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Tab, Tabs } from '@mui/material';
import { amountColumn, dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList, TimeZoneNote } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type {
  AffiliateSavingAggregatesQuery,
  AffiliateSavingRemittancesQuery,
} from '@/gql/graphql';
import { formatNumber } from '@/lib/format';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useAffiliateSavingAggregates } from '../api/affiliate-saving-aggregates';
import { useAffiliateSavingRemittances } from '../api/affiliate-saving-remittances';
import { affiliateRemittancesCsvLink, aggregatesCsvLink } from '../api/referral-plan-csv';
import { ExportBar, ExportButton } from '@/components/export-button';
import '@/i18n/lists';

type AggregateRow = AffiliateSavingAggregatesQuery['affiliateSavingAggregates']['list'][number];
type RemittanceRow = AffiliateSavingRemittancesQuery['affiliateSavingRemittances']['list'][number];

const AGG_FILTERS = { userName: 'text', email: 'text', forceClubId: 'text' } as const;
const AGG_LIST: ListStateOptions<typeof AGG_FILTERS> = {
  filters: AGG_FILTERS,
  defaultSort: { target: 'id', orderBy: 'DESC' },
  sortTargets: ['id', 'totalSentHec'],
};
const REM_FILTERS = { userName: 'text', email: 'text' } as const;
const REM_LIST: ListStateOptions<typeof REM_FILTERS> = {
  filters: REM_FILTERS,
  defaultSort: { target: 'confirmedAt', orderBy: 'DESC' },
  sortTargets: ['confirmedAt'],
};

/**
 * /referral_plan/aggregation: per-user totals of referral-plan remittances, and (second tab)
 * the remittances themselves. The tab is in the URL like the list state.
 */
export function AggregationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'remittances' ? 'remittances' : 'aggregates';
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: string) => setParams(next === 'remittances' ? { tab: next } : {})}
        sx={{ mb: 2 }}
      >
        <Tab value="aggregates" label={t('coinSaving.aggregatesLabel')} />
        <Tab value="remittances" label={t('coinSaving.affiliateRemittancesLabel')} />
      </Tabs>
      {tab === 'aggregates' ? <Aggregates /> : <Remittances />}
      <TimeZoneNote />
    </>
  );
}

function Aggregates() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState(AGG_LIST);
  const f = list.filters;
  const query = useAffiliateSavingAggregates({
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
  const columns: DataColumn<AggregateRow>[] = [
    { id: 'id', label: t('fields.userId'), render: (r) => r.id, sortable: true, hideable: false },
    {
      id: 'username',
      label: t('fields.userName'),
      render: (r) => <TruncatedText text={r.username} max={22} />,
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
      id: 'remittanceCount',
      label: t('fields.remittanceCount'),
      render: (r) => formatNumber(r.remittanceCount),
      align: 'right',
    },
    amountColumn({
      id: 'totalSentHec',
      label: t('fields.totalSentHec'),
      unit: 'HEC',
      value: (r) => r.totalSentHec,
      sortable: true,
    }),
    amountColumn({
      id: 'totalSentUsdValuation',
      label: t('fields.totalSentUsdValuation'),
      unit: 'USD',
      value: (r) => r.totalSentUsdValuation,
    }),
    amountColumn({
      id: 'totalHecPrincipal',
      label: t('fields.totalHecPrincipal'),
      unit: 'HEC',
      value: (r) => r.totalHecPrincipal,
    }),
    amountColumn({
      id: 'totalAtemPrincipal',
      label: t('fields.totalAtemPrincipal'),
      unit: 'ATEM',
      value: (r) => r.totalAtemPrincipal,
    }),
  ];
  return (
    <>
      <ExportBar>
        <ExportButton
          getLink={() =>
            aggregatesCsvLink({
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
        label={t('coinSaving.aggregatesLabel')}
        storageKey="affiliate-aggregates"
        columns={columns}
        getRowId={(r) => r.id}
        onOpenRow={(r) => navigate(`/common/users/${r.id}`)}
        rowLabel={(r) => t('users.openUser', { name: r.username })}
        timeZoneNote={false}
      />
    </>
  );
}

function Remittances() {
  const { t } = useTranslation();
  const list = useListState(REM_LIST);
  const f = list.filters;
  const query = useAffiliateSavingRemittances({
    input: {
      searchParams: { userName: f.userName || undefined, email: f.email || undefined },
      pagination: list.pagination,
    },
  });
  const fields: FilterField[] = [
    { key: 'userName', label: t('fields.userName'), hint: t('list.matchPrefix') },
    { key: 'email', label: t('fields.email'), hint: t('list.matchPrefix') },
  ];
  const columns: DataColumn<RemittanceRow>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, hideable: false },
    {
      id: 'username',
      label: t('fields.userName'),
      render: (r) => <TruncatedText text={r.username} max={22} />,
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
    dateTimeColumn({
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      value: (r) => r.confirmedAt,
      sortable: true,
    }),
    amountColumn({
      id: 'sentHec',
      label: t('fields.sentHec'),
      unit: 'HEC',
      value: (r) => r.sentHec,
    }),
    amountColumn({
      id: 'usdValuation',
      label: t('fields.usdValuation'),
      unit: 'USD',
      value: (r) => r.usdValuation,
    }),
    amountColumn({
      id: 'hecPrincipal',
      label: t('fields.hecPrincipal'),
      unit: 'HEC',
      value: (r) => r.hecPrincipal,
    }),
    amountColumn({
      id: 'atemPrincipal',
      label: t('fields.atemPrincipal'),
      unit: 'ATEM',
      value: (r) => r.atemPrincipal,
    }),
    hashColumn({
      id: 'transactionHash',
      label: t('fields.transactionHash'),
      value: (r) => r.transactionHash,
      defaultHidden: true,
    }),
  ];
  return (
    <>
      <ExportBar>
        <ExportButton
          getLink={() =>
            affiliateRemittancesCsvLink({
              userName: f.userName || undefined,
              email: f.email || undefined,
              sort: list.pagination.sort,
            })
          }
        />
      </ExportBar>
      <FilteredList
        list={list}
        query={query}
        fields={fields}
        label={t('coinSaving.affiliateRemittancesLabel')}
        storageKey="affiliate-remittances"
        columns={columns}
        getRowId={(r) => r.id}
        timeZoneNote={false}
      />
    </>
  );
}
