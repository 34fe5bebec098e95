import { dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { SAVING_ADDRESSES_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { addressesCsv } from '../api/addresses-csv';
import { hecSavingAddresses } from '../api/hec-saving-addresses';

const VIEW = listView(SAVING_ADDRESSES_SHAPE);

/** /aubecoin_saving/addresses: each coin-saving user's deposit address per plan. */
const ADDRESSES = defineListScreen({
  view: VIEW,
  query: {
    ...hecSavingAddresses,
    variables: (search, pagination) => ({
      input: { searchParams: VIEW.variables(search), pagination },
    }),
  },
  export: { ...addressesCsv, variables: (search, sort) => ({ ...VIEW.variables(search), sort }) },
  label: (t) => t('coinSaving.addressesLabel'),
  storageKey: 'saving-addresses',
  fields: (t) => [
    VIEW.field('userName', { label: t('fields.userName'), hint: t('list.matchPrefix') }),
    VIEW.field('email', { label: t('fields.email'), hint: t('list.matchPrefix') }),
  ],
  columns: (t) => [
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
  ],
  getRowId: (r) => r.id,
  rowLink: {
    to: (r) => `/common/users/${r.userId}`,
    label: (t, r) => t('users.openUser', { name: r.username }),
  },
});

export function AddressesPage() {
  return <ListScreen descriptor={ADDRESSES} />;
}
