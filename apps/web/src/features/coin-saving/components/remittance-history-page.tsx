import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { UserSavingsQuery } from '@/gql/graphql';
import { formatAmount, formatUsd } from '@/lib/amount';
import { formatDateTime } from '@/lib/date-time';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useSavingPlanNames } from '../api/hec-saving-plans';
import { useUserSavings } from '../api/user-savings';
import '@/i18n/lists';

type Row = UserSavingsQuery['userSavings']['list'][number];

const FILTERS = { userName: 'text', planName: 'text' } as const;
const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'confirmedAt', orderBy: 'DESC' },
  sortTargets: ['confirmedAt'],
};

/** /aubecoin_saving/remittance_history: coin-saving remittances of all users. */
export function RemittanceHistoryPage() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const plans = useSavingPlanNames();
  const f = list.filters;
  const query = useUserSavings({
    userName: f.userName || undefined,
    planName: f.planName || undefined,
    pagination: list.pagination,
  });
  const fields: FilterField[] = [
    { key: 'userName', label: t('fields.userName') },
    {
      key: 'planName',
      label: t('fields.planName'),
      type: 'select',
      options: (plans.data ?? []).map((p) => ({ value: p.name, label: p.name })),
    },
  ];
  const columns: DataColumn<Row>[] = [
    {
      id: 'userSavingSentValueId',
      label: t('fields.userSavingSentValueId'),
      render: (r) => r.userSavingSentValueId,
      hideable: false,
    },
    { id: 'userName', label: t('fields.userName'), render: (r) => r.userName },
    { id: 'planName', label: t('fields.planName'), render: (r) => r.planName },
    {
      id: 'amountHEC',
      label: t('fields.amountHEC'),
      render: (r) => formatAmount(r.amountHEC, 'HEC'),
      align: 'right',
    },
    {
      id: 'amountUSD',
      label: t('fields.amountUSD'),
      render: (r) => formatUsd(r.amountUSD),
      align: 'right',
    },
    {
      id: 'address',
      label: t('fields.address'),
      render: (r) => <TruncatedText text={r.address} max={24} />,
    },
    {
      id: 'transactionHash',
      label: t('fields.transactionHash'),
      render: (r) => <TruncatedText text={r.transactionHash} max={24} />,
      defaultHidden: true,
    },
    {
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      render: (r) => formatDateTime(r.confirmedAt),
      sortable: true,
    },
  ];
  return (
    <FilteredList
      list={list}
      query={query}
      fields={fields}
      label={t('coinSaving.remittancesLabel')}
      storageKey="saving-remittances"
      columns={columns}
      getRowId={(r) => r.userSavingSentValueId}
    />
  );
}
