import type { TFunction } from 'i18next';
import { Chip, type ChipProps } from '@mui/material';
import {
  isOneOf,
  WITHDRAWAL_KINDS as SHARED_KINDS,
  WITHDRAWAL_STATUSES as SHARED_STATUSES,
} from '@app/shared';
import type { DataColumn } from '@/components/data-table/data-table';
import { TruncatedText } from '@/components/truncated-text';
import type { UserWithdrawalHistoryQuery, WithdrawalKind, WithdrawalStatus } from '@/gql/graphql';
import { formatAmount } from '@/lib/amount';
import { formatDateTime } from '@/lib/date-time';

export type WithdrawalRow = UserWithdrawalHistoryQuery['userWithdrawalHistory']['list'][number];

// The value sets are packages/shared's; the generated GraphQL enums must accept every one.
export const WITHDRAWAL_KINDS = SHARED_KINDS satisfies readonly WithdrawalKind[];
export const WITHDRAWAL_STATUSES = SHARED_STATUSES satisfies readonly WithdrawalStatus[];

/** A kind from the URL, or undefined when it is not one (never sent: the API would refuse it). */
export function asWithdrawalKind(value: string): WithdrawalKind | undefined {
  return isOneOf(WITHDRAWAL_KINDS, value) ? value : undefined;
}

/** A status from the URL, or undefined when it is not one. */
export function asWithdrawalStatus(value: string): WithdrawalStatus | undefined {
  return isOneOf(WITHDRAWAL_STATUSES, value) ? value : undefined;
}

// Outlined chips in colours whose text keeps AA contrast on the light theme (info and warning
// do not), so failures stand out without failing the accessibility check.
const STATUS_COLORS: Record<WithdrawalStatus, ChipProps['color']> = {
  requested: 'default',
  processing: 'primary',
  completed: 'success',
  failed: 'error',
  rejected: 'error',
};

/** A withdrawal status as a small coloured chip with its translated name. */
export function WithdrawalStatusChip({ status, t }: { status: WithdrawalStatus; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`withdrawalStatus.${status}`)}
    />
  );
}

/** The columns of a user's withdrawal table (user detail section and view-all page). */
export function withdrawalColumns(t: TFunction): DataColumn<WithdrawalRow>[] {
  return [
    { id: 'id', label: t('fields.id'), render: (w) => w.id, sortable: true, hideable: false },
    { id: 'kind', label: t('fields.kind'), render: (w) => t(`withdrawalKind.${w.kind}`) },
    {
      id: 'status',
      label: t('fields.status'),
      render: (w) => <WithdrawalStatusChip status={w.status} t={t} />,
    },
    {
      id: 'requestedAt',
      label: t('fields.requestedAt'),
      render: (w) => formatDateTime(w.requestedAt),
      sortable: true,
    },
    {
      id: 'amount',
      label: t('fields.amount'),
      render: (w) => formatAmount(w.amount, w.coinType),
      align: 'right',
    },
    {
      id: 'fee',
      label: t('fields.fee'),
      render: (w) => formatAmount(w.fee, w.coinType),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'netAmount',
      label: t('fields.netAmount'),
      render: (w) => formatAmount(w.netAmount, w.coinType),
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'receiverAddress',
      label: t('fields.receiverAddress'),
      render: (w) => <TruncatedText text={w.receiverAddress} max={20} />,
    },
    {
      id: 'transactionHash',
      label: t('fields.transactionHash'),
      render: (w) => (w.transactionHash ? <TruncatedText text={w.transactionHash} max={20} /> : ''),
    },
    {
      id: 'processingAt',
      label: t('fields.processingAt'),
      render: (w) => formatDateTime(w.processingAt),
      defaultHidden: true,
    },
    {
      id: 'completedAt',
      label: t('fields.completedAt'),
      render: (w) => formatDateTime(w.completedAt),
    },
    {
      id: 'failedAt',
      label: t('fields.failedAt'),
      render: (w) => formatDateTime(w.failedAt),
      defaultHidden: true,
    },
    {
      id: 'rejectedAt',
      label: t('fields.rejectedAt'),
      render: (w) => formatDateTime(w.rejectedAt),
      defaultHidden: true,
    },
    {
      id: 'rejectReason',
      label: t('fields.rejectReason'),
      render: (w) => <TruncatedText text={w.rejectReason ?? ''} />,
    },
    {
      id: 'failureReason',
      label: t('fields.failureReason'),
      render: (w) => <TruncatedText text={w.failureReason ?? ''} />,
      defaultHidden: true,
    },
  ];
}
