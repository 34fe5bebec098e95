import { dateTimeField, hashColumn } from '@/components/data-table/columns';
import { userColumns, userFilterFields } from '@/components/data-table/user-columns';
import { ListScreen } from '@/components/list-screen';
import { SAVING_ADDRESSES_SHAPE } from '@app/shared';
import type { HecSavingAddressesQuery } from '@/gql/graphql';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { hecSavingAddressesCsv } from '@/gql/list-exports';
import { hecSavingAddresses } from '../api/hec-saving-addresses';

const VIEW = listView(SAVING_ADDRESSES_SHAPE);

type AddressRow = HecSavingAddressesQuery['hecSavingAddresses']['list'][number];

/** The plan terms a user has an address for, as the row's fields name them. */
const PLAN_TERMS = ['oneYear', 'twoYears', 'threeYears', 'fiveYears'] as const;

/** /aubecoin_saving/addresses: each coin-saving user's deposit address per plan. */
const ADDRESSES = defineListScreen({
  ...VIEW.data('input', hecSavingAddresses, hecSavingAddressesCsv),
  label: (t) => t('coinSaving.addressesLabel'),
  storageKey: 'saving-addresses',
  fields: (t) => userFilterFields(VIEW, t),
  columns: (t) => [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, sortable: true, hideable: false },
    ...userColumns(t, 'username'),
    // One deposit address per plan term (fields.oneYearAddress, …).
    ...PLAN_TERMS.map((term) =>
      hashColumn({
        id: `${term}PlanAddress`,
        label: t(`fields.${term}Address`),
        value: (r: AddressRow) => r[`${term}PlanAddress`],
      }),
    ),
    dateTimeField(t, 'generatedAt'),
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
