import { dateTimeField, hashColumn } from '@/components/data-table/columns';
import { userColumns, userFilterFields } from '@/components/data-table/user-columns';
import { ListScreen } from '@/components/list-screen';
import { SAVING_ADDRESSES_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { addressesCsv } from '../api/addresses-csv';
import { hecSavingAddresses } from '../api/hec-saving-addresses';

const VIEW = listView(SAVING_ADDRESSES_SHAPE);

/** /aubecoin_saving/addresses: each coin-saving user's deposit address per plan. */
const ADDRESSES = defineListScreen({
  ...VIEW.data('input', hecSavingAddresses, addressesCsv),
  label: (t) => t('coinSaving.addressesLabel'),
  storageKey: 'saving-addresses',
  fields: (t) => userFilterFields(VIEW, t),
  columns: (t) => [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, sortable: true, hideable: false },
    ...userColumns(t, 'username'),
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
