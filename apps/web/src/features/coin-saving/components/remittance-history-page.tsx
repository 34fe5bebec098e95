import { useTranslation } from 'react-i18next';
import { amountColumn, dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { UserSavingsQuery } from '@/gql/graphql';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { usePlanLabel } from '@/lib/plan-label';
import { useSavingPlanNames } from '../api/hec-saving-plans';
import { useUserSavings } from '../api/user-savings';
import { savingRemittancesCsvLink } from '../api/saving-remittances-csv';
import { ExportBar, ExportButton } from '@/components/export-button';
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
  const planLabel = usePlanLabel();
  const f = list.filters;
  const query = useUserSavings({
    userName: f.userName || undefined,
    planName: f.planName || undefined,
    pagination: list.pagination,
  });
  const fields: FilterField[] = [
    { key: 'userName', label: t('fields.userName'), hint: t('list.matchPrefix') },
    {
      key: 'planName',
      label: t('fields.planName'),
      type: 'select',
      options: (plans.data ?? []).map((p) => ({ value: p.name, label: planLabel(p.name) })),
    },
  ];
  const columns: DataColumn<Row>[] = [
    {
      id: 'userSavingSentValueId',
      label: t('fields.userSavingSentValueId'),
      render: (r) => r.userSavingSentValueId,
      hideable: false,
    },
    {
      id: 'userName',
      label: t('fields.userName'),
      render: (r) => <TruncatedText text={r.userName} max={22} />,
      pinned: true,
    },
    // The column the rows are sorted by comes first, so it is never the one cut off.
    dateTimeColumn({
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      value: (r) => r.confirmedAt,
      sortable: true,
    }),
    { id: 'planName', label: t('fields.planName'), render: (r) => planLabel(r.planName) },
    amountColumn({
      id: 'amountHEC',
      label: t('fields.amount'),
      unit: 'HEC',
      value: (r) => r.amountHEC,
    }),
    amountColumn({
      id: 'amountUSD',
      label: t('fields.usdValue'),
      unit: 'USD',
      value: (r) => r.amountUSD,
    }),
    hashColumn({ id: 'address', label: t('fields.address'), value: (r) => r.address }),
    hashColumn({
      id: 'transactionHash',
      label: t('fields.transactionHash'),
      value: (r) => r.transactionHash,
    }),
  ];
  return (
    <>
      <ExportBar>
        <ExportButton
          getLink={() =>
            savingRemittancesCsvLink({
              userName: f.userName || undefined,
              planName: f.planName || undefined,
              sort: list.pagination.sort,
            })
          }
        />
      </ExportBar>
      <FilteredList
        list={list}
        query={query}
        fields={fields}
        label={t('coinSaving.remittancesLabel')}
        storageKey="saving-remittances"
        columns={columns}
        getRowId={(r) => r.userSavingSentValueId}
      />
    </>
  );
}
