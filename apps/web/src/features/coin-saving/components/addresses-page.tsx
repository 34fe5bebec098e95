import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { HecSavingAddressesQuery } from '@/gql/graphql';
import { formatDateTime } from '@/lib/date-time';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useHecSavingAddresses } from '../api/hec-saving-addresses';
import '@/i18n/lists';

type Row = HecSavingAddressesQuery['hecSavingAddresses']['list'][number];

const FILTERS = { userName: 'text', email: 'text' } as const;
const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'id', orderBy: 'DESC' },
  sortTargets: ['id'],
};

const address = (value: string | null | undefined) => <TruncatedText text={value ?? ''} max={24} />;

/** /aubecoin_saving/addresses: each coin-saving user's deposit address per plan. */
export function AddressesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState(LIST);
  const f = list.filters;
  const query = useHecSavingAddresses({
    input: {
      searchParams: { userName: f.userName || undefined, email: f.email || undefined },
      pagination: list.pagination,
    },
  });
  const fields: FilterField[] = [
    { key: 'userName', label: t('fields.userName') },
    { key: 'email', label: t('fields.email') },
  ];
  const columns: DataColumn<Row>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, sortable: true, hideable: false },
    { id: 'username', label: t('fields.userName'), render: (r) => r.username, hideable: false },
    { id: 'email', label: t('fields.email'), render: (r) => <TruncatedText text={r.email} /> },
    {
      id: 'oneYearPlanAddress',
      label: t('fields.oneYearAddress'),
      render: (r) => address(r.oneYearPlanAddress),
    },
    {
      id: 'twoYearsPlanAddress',
      label: t('fields.twoYearsAddress'),
      render: (r) => address(r.twoYearsPlanAddress),
    },
    {
      id: 'threeYearsPlanAddress',
      label: t('fields.threeYearsAddress'),
      render: (r) => address(r.threeYearsPlanAddress),
    },
    {
      id: 'fiveYearsPlanAddress',
      label: t('fields.fiveYearsAddress'),
      render: (r) => address(r.fiveYearsPlanAddress),
    },
    {
      id: 'generatedAt',
      label: t('fields.generatedAt'),
      render: (r) => formatDateTime(r.generatedAt),
    },
  ];
  return (
    <FilteredList
      list={list}
      query={query}
      fields={fields}
      label={t('coinSaving.addressesLabel')}
      storageKey="saving-addresses"
      columns={columns}
      getRowId={(r) => r.id}
      onOpenRow={(r) => navigate(`/common/users/${r.userId}`)}
      rowLabel={(r) => t('users.openUser', { name: r.username })}
    />
  );
}
