import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Tab, Tabs } from '@mui/material';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList, TimeZoneNote } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type {
  AffiliateSavingAggregatesQuery,
  AffiliateSavingRemittancesQuery,
} from '@/gql/graphql';
import { formatAmount, formatUsd } from '@/lib/amount';
import { formatDateTime } from '@/lib/date-time';
import { formatNumber } from '@/lib/format';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useAffiliateSavingAggregates } from '../api/affiliate-saving-aggregates';
import { useAffiliateSavingRemittances } from '../api/affiliate-saving-remittances';
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
    { key: 'userName', label: t('fields.userName') },
    { key: 'email', label: t('fields.email') },
    { key: 'forceClubId', label: t('fields.forceClubId') },
  ];
  const columns: DataColumn<AggregateRow>[] = [
    { id: 'id', label: t('fields.userId'), render: (r) => r.id, sortable: true, hideable: false },
    { id: 'username', label: t('fields.userName'), render: (r) => r.username, hideable: false },
    { id: 'email', label: t('fields.email'), render: (r) => <TruncatedText text={r.email} /> },
    {
      id: 'forceClubId',
      label: t('fields.forceClubId'),
      render: (r) => <TruncatedText text={r.forceClubId ?? ''} max={16} />,
      defaultHidden: true,
    },
    {
      id: 'remittanceCount',
      label: t('fields.remittanceCount'),
      render: (r) => formatNumber(r.remittanceCount),
      align: 'right',
    },
    {
      id: 'totalSentHec',
      label: t('fields.totalSentHec'),
      render: (r) => formatAmount(r.totalSentHec, 'HEC'),
      sortable: true,
      align: 'right',
    },
    {
      id: 'totalSentUsdValuation',
      label: t('fields.totalSentUsdValuation'),
      render: (r) => formatUsd(r.totalSentUsdValuation),
      align: 'right',
    },
    {
      id: 'totalHecPrincipal',
      label: t('fields.totalHecPrincipal'),
      render: (r) => formatAmount(r.totalHecPrincipal, 'HEC'),
      align: 'right',
    },
    {
      id: 'totalAtemPrincipal',
      label: t('fields.totalAtemPrincipal'),
      render: (r) => formatAmount(r.totalAtemPrincipal, 'ATEM'),
      align: 'right',
    },
  ];
  return (
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
    { key: 'userName', label: t('fields.userName') },
    { key: 'email', label: t('fields.email') },
  ];
  const columns: DataColumn<RemittanceRow>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, hideable: false },
    { id: 'username', label: t('fields.userName'), render: (r) => r.username },
    {
      id: 'email',
      label: t('fields.email'),
      render: (r) => <TruncatedText text={r.email} />,
      defaultHidden: true,
    },
    {
      id: 'forceClubId',
      label: t('fields.forceClubId'),
      render: (r) => <TruncatedText text={r.forceClubId ?? ''} max={16} />,
      defaultHidden: true,
    },
    {
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      render: (r) => formatDateTime(r.confirmedAt),
      sortable: true,
    },
    {
      id: 'sentHec',
      label: t('fields.sentHec'),
      render: (r) => formatAmount(r.sentHec, 'HEC'),
      align: 'right',
    },
    {
      id: 'usdValuation',
      label: t('fields.usdValuation'),
      render: (r) => formatUsd(r.usdValuation),
      align: 'right',
    },
    {
      id: 'hecPrincipal',
      label: t('fields.hecPrincipal'),
      render: (r) => formatAmount(r.hecPrincipal, 'HEC'),
      align: 'right',
    },
    {
      id: 'atemPrincipal',
      label: t('fields.atemPrincipal'),
      render: (r) => formatAmount(r.atemPrincipal, 'ATEM'),
      align: 'right',
    },
    {
      id: 'transactionHash',
      label: t('fields.transactionHash'),
      render: (r) => <TruncatedText text={r.transactionHash} max={20} />,
    },
  ];
  return (
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
  );
}
