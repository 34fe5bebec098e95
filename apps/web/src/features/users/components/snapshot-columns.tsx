import type { TFunction } from 'i18next';
import { AmountText } from '@/components/amount-text';
import { amountField, dateTimeField, rateField } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import type { UserRewardSnapshotQuery } from '@/gql/graphql';

type SnapshotRow = UserRewardSnapshotQuery['userRewardSnapshot']['remittances'][number];

/**
 * Columns of a reward snapshot; staking and maturity dates arrive as epoch milliseconds.
 * `oneUser`: the screens of one user's snapshot, whose amounts run larger than the list of
 * every user's; there the maturity date (the staking date plus the plan's term) waits in the
 * column chooser so the default columns fit a 1366 px laptop (1,093 > 1,060 px in Japanese).
 */
export function snapshotColumns(
  t: TFunction,
  planLabel: (name: string) => string = (name) => name,
  { oneUser = false } = {},
): DataColumn<SnapshotRow>[] {
  return [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, defaultHidden: true },
    { id: 'plan', label: t('fields.plan'), render: (r) => planLabel(r.plan) },
    // Instants (epoch milliseconds): date and time like every other list date, the zone in
    // the note under the list.
    dateTimeField(t, 'confirmedDate'),
    dateTimeField(t, 'maturityDate', { defaultHidden: oneUser }),
    amountField(t, 'amount', 'HEC'),
    amountField(t, 'totalAmount', 'HEC'),
    // The plan names its base rate; the bonus total is what differs between rows.
    rateField(t, 'baseRate', { defaultHidden: true }),
    rateField(t, 'tierRate', { defaultHidden: true }),
    rateField(t, 'lockRate', { defaultHidden: true }),
    rateField(t, 'totalBonus'),
    {
      id: 'aubeRate',
      label: t('fields.aubeRate'),
      render: (r) => <AmountText value={r.aubeRate} aligned />,
      align: 'right',
      defaultHidden: true,
    },
    amountField(t, 'aubeReward', 'AUBE'),
    {
      id: 'usdRate',
      label: t('fields.usdRate'),
      render: (r) => <AmountText value={r.usdRate} aligned />,
      align: 'right',
      defaultHidden: true,
    },
    amountField(t, 'totalUsd', 'USD'),
    {
      id: 'owlAube',
      label: t('fields.owlAube'),
      render: (r) => <AmountText value={r.owlAube} aligned />,
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'owlRate',
      label: t('fields.owlRate'),
      render: (r) => <AmountText value={r.owlRate} aligned />,
      align: 'right',
      defaultHidden: true,
    },
    amountField(t, 'owlReward', 'OWL'),
  ];
}
