import { Link as RouterLink } from 'react-router';
import { withdrawalScreenForUser } from '@/lib/withdrawal-routes';
import type { TFunction } from 'i18next';
import { Link } from '@mui/material';
import {
  WITHDRAWAL_KINDS as SHARED_KINDS,
  WITHDRAWAL_STATUSES as SHARED_STATUSES,
} from '@app/shared';
import { PaidAmounts } from '@/components/paid-amounts';
import { dateTimeField, hashField } from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import { TruncatedText } from '@/components/truncated-text';
import { WithdrawalStatusChip } from '@/components/withdrawal-status-chip';
import type { UserWithdrawalHistoryQuery, WithdrawalKind, WithdrawalStatus } from '@/gql/graphql';

export type WithdrawalRow = UserWithdrawalHistoryQuery['userWithdrawalHistory']['list'][number];

// The value sets are packages/shared's; the generated GraphQL enums must accept every one.
export const WITHDRAWAL_KINDS = SHARED_KINDS satisfies readonly WithdrawalKind[];
export const WITHDRAWAL_STATUSES = SHARED_STATUSES satisfies readonly WithdrawalStatus[];

/** The columns of a user's withdrawal table (user detail section and view-all page). */
export function withdrawalColumns(t: TFunction, userId?: number): DataColumn<WithdrawalRow>[] {
  return [
    { id: 'id', label: t('fields.id'), render: (w) => w.id, sortable: true, hideable: false },
    {
      id: 'kind',
      label: t('fields.kind'),
      // The kind opens its withdrawal screen filtered to this user (approve, reject, timeline).
      render: (w) =>
        userId === undefined ? (
          t(`withdrawalKind.${w.kind}`)
        ) : (
          <Link
            component={RouterLink}
            to={withdrawalScreenForUser(w.kind, userId)}
            onClick={(event) => event.stopPropagation()}
          >
            {t(`withdrawalKind.${w.kind}`)}
          </Link>
        ),
    },
    {
      id: 'status',
      label: t('fields.status'),
      render: (w) => <WithdrawalStatusChip status={w.status} t={t} />,
    },
    dateTimeField(t, 'requestedAt', { sortable: true }),
    {
      id: 'amount',
      label: t('fields.amount'),
      // What the request pays per coin (a principal request of an ETH plan reads its ETH).
      render: (w) => <PaidAmounts amounts={w.paidAmounts} />,
      align: 'right',
    },
    {
      id: 'fee',
      label: t('fields.fee'),
      render: (w) => <PaidAmounts amounts={w.paidAmounts} part="fee" />,
      align: 'right',
      defaultHidden: true,
    },
    {
      id: 'netAmount',
      label: t('fields.netAmount'),
      render: (w) => <PaidAmounts amounts={w.paidAmounts} part="netAmount" />,
      align: 'right',
      defaultHidden: true,
    },
    hashField(t, 'receiverAddress'),
    hashField(t, 'transactionHash'),
    dateTimeField(t, 'processingAt', { defaultHidden: true }),
    // The status chip says it completed; the date is one click away (fits the laptop).
    dateTimeField(t, 'completedAt', { defaultHidden: true }),
    dateTimeField(t, 'failedAt', { defaultHidden: true }),
    dateTimeField(t, 'rejectedAt', { defaultHidden: true }),
    {
      id: 'rejectReason',
      label: t('fields.rejectReason'),
      render: (w) => <TruncatedText text={w.rejectReason ?? ''} max={24} />,
    },
    {
      id: 'failureReason',
      label: t('fields.failureReason'),
      render: (w) => <TruncatedText text={w.failureReason ?? ''} />,
      defaultHidden: true,
    },
  ];
}
