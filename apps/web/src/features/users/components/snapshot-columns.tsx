import type { TFunction } from 'i18next';
import type { DataColumn } from '@/components/data-table/data-table';
import type { UserRewardSnapshotQuery } from '@/gql/graphql';
import { formatAmount, formatUsd } from '@/lib/amount';
import { formatDate } from '@/lib/date-time';

export type SnapshotRow = UserRewardSnapshotQuery['userRewardSnapshot']['remittances'][number];

/** Columns of a reward snapshot; staking and maturity dates arrive as epoch milliseconds. */
export function snapshotColumns(t: TFunction): DataColumn<SnapshotRow>[] {
  return [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, defaultHidden: true },
    { id: 'plan', label: t('fields.plan'), render: (r) => r.plan },
    {
      id: 'confirmedDate',
      label: t('fields.confirmedDate'),
      render: (r) => formatDate(r.confirmedDate),
    },
    {
      id: 'maturityDate',
      label: t('fields.maturityDate'),
      render: (r) => formatDate(r.maturityDate),
    },
    {
      id: 'amount',
      label: t('fields.amount'),
      render: (r) => formatAmount(r.amount, 'HEC'),
      align: 'right',
    },
    {
      id: 'totalAmount',
      label: t('fields.totalAmount'),
      render: (r) => formatAmount(r.totalAmount, 'HEC'),
      align: 'right',
    },
    {
      id: 'baseRate',
      label: t('fields.baseRate'),
      render: (r) => formatAmount(r.baseRate),
      align: 'right',
    },
    {
      id: 'tierRate',
      label: t('fields.tierRate'),
      render: (r) => formatAmount(r.tierRate),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'lockRate',
      label: t('fields.lockRate'),
      render: (r) => formatAmount(r.lockRate),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'totalBonus',
      label: t('fields.totalBonus'),
      render: (r) => formatAmount(r.totalBonus),
      align: 'right',
    },
    {
      id: 'aubeRate',
      label: t('fields.aubeRate'),
      render: (r) => formatAmount(r.aubeRate),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'aubeReward',
      label: t('fields.aubeReward'),
      render: (r) => formatAmount(r.aubeReward, 'AUBE'),
      align: 'right',
    },
    {
      id: 'usdRate',
      label: t('fields.usdRate'),
      render: (r) => formatAmount(r.usdRate),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'totalUsd',
      label: t('fields.totalUsd'),
      render: (r) => formatUsd(r.totalUsd),
      align: 'right',
    },
    {
      id: 'owlAube',
      label: t('fields.owlAube'),
      render: (r) => formatAmount(r.owlAube),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'owlRate',
      label: t('fields.owlRate'),
      render: (r) => formatAmount(r.owlRate),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'owlReward',
      label: t('fields.owlReward'),
      render: (r) => formatAmount(r.owlReward, 'OWL'),
      align: 'right',
    },
  ];
}
