import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { HecSavingAddressesQuery } from '@/gql/graphql';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useHecSavingAddresses } from '../api/hec-saving-addresses';
import { addressesCsvLink } from '../api/addresses-csv';
import { ExportBar, ExportButton } from '@/components/export-button';
import '@/i18n/lists';

type Row = HecSavingAddressesQuery['hecSavingAddresses']['list'][number];

const FILTERS = { userName: 'text', email: 'text' } as const;
const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'id', orderBy: 'DESC' },
  sortTargets: ['id'],
};

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
    { key: 'userName', label: t('fields.userName'), hint: t('list.matchPrefix') },
    { key: 'email', label: t('fields.email'), hint: t('list.matchPrefix') },
  ];
  const columns: DataColumn<Row>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, sortable: true, hideable: false },
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
      id: 'oneYearPlanAddress',
      label: t('fields.oneYearAddress'),
      value: (r) => r.oneYearPlanAddress,
    }),
    hashColumn({
      id: 'twoYearsPlanAddress',
      label: t('fields.twoYearsAddress'),
      value: (r) => r.twoYearsPlanAddress,
    }),
    hashColumn({
      id: 'threeYearsPlanAddress',
      label: t('fields.threeYearsAddress'),
      value: (r) => r.threeYearsPlanAddress,
    }),
    hashColumn({
      id: 'fiveYearsPlanAddress',
      label: t('fields.fiveYearsAddress'),
      value: (r) => r.fiveYearsPlanAddress,
    }),
    dateTimeColumn({
      id: 'generatedAt',
      label: t('fields.generatedAt'),
      value: (r) => r.generatedAt,
    }),
  ];
  return (
    <>
      <ExportBar>
        <ExportButton
          getLink={() =>
            addressesCsvLink({
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
        label={t('coinSaving.addressesLabel')}
        storageKey="saving-addresses"
        columns={columns}
        getRowId={(r) => r.id}
        onOpenRow={(r) => navigate(`/common/users/${r.userId}`)}
        rowLabel={(r) => t('users.openUser', { name: r.username })}
      />
    </>
  );
}
