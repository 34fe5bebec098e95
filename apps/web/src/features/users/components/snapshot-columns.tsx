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
  // The AUBE and OWL rates and the OWL in AUBE: numbers without a unit, in the chooser at first.
  const unitless = (
    key: 'aubeRate' | 'usdRate' | 'owlAube' | 'owlRate',
  ): DataColumn<SnapshotRow> => ({
    id: key,
    label: t(`fields.${key}`),
    render: (r) => <AmountText value={r[key]} aligned />,
    align: 'right',
    defaultHidden: true,
  });
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
    unitless('aubeRate'),
    amountField(t, 'aubeReward', 'AUBE'),
    unitless('usdRate'),
    amountField(t, 'totalUsd', 'USD'),
    unitless('owlAube'),
    unitless('owlRate'),
    amountField(t, 'owlReward', 'OWL'),
  ];
}
