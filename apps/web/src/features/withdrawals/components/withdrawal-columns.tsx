import type { TFunction } from 'i18next';
import { Box, Checkbox, Chip, Tooltip } from '@mui/material';
import { WITHDRAWAL_MACHINE, canTransition, type WithdrawalKind } from '@app/shared';
import { AmountText } from '@/components/amount-text';
import { PaidAmounts } from '@/components/paid-amounts';
import type { DataColumn } from '@/components/data-table/data-table';
import {
  dateTimeColumn,
  dateTimeField,
  hashColumn,
  hashField,
} from '@/components/data-table/columns';
import { TruncatedText } from '@/components/truncated-text';
import { WithdrawalStatusChip } from '@/components/withdrawal-status-chip';
import type { WithdrawalRequestsQuery } from '@/gql/graphql';

export type WithdrawalRow = WithdrawalRequestsQuery['withdrawalRequests']['list'][number];

/** The variant fields of spec section 3, per kind (shown hidden by default but choosable). */
const VARIANT_COLUMNS: Record<WithdrawalKind, readonly string[]> = {
  saving: ['userSavingSentValueId'],
  affiliate_saving: ['aubeUserIdHash', 'forceClubIdHash', 'userAffiliateSavingSentValueId'],
  referral_reward: ['aubeUserIdHash', 'forceClubIdHash', 'userAffiliateSavingSentValueId'],
  atem: ['aubeUserIdHash', 'forceClubIdHash', 'userAffiliateSavingSentValueId'],
  bonus_reward: [],
  payment_paid_value: [
    'userPaymentPaidValueId',
    'ethAmount',
    'hecAmount',
    'metaxEmail',
    'ethReceiverAddress',
    'ethTransactionHash',
    'createdAt',
  ],
  proportional_bonus: ['createdAt'],
  affiliate_bonus: ['createdAt'],
};

export type Selection = {
  isSelected: (id: string) => boolean;
  toggle: (row: WithdrawalRow) => void;
};

/** When a request was made, marked when it has waited over 24 hours. */
function RequestedAtCell({ row, t }: { row: WithdrawalRow; t: TFunction }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dateTimeColumn<WithdrawalRow>({
        id: 'x',
        label: '',
        value: (r) => r.requestedAt,
      }).render(row)}
      {row.awaitingOver24h && (
        <Tooltip title={t('withdrawals.awaiting24hHint')}>
          <Chip
            size="small"
            color="error"
            label={t('withdrawals.awaiting24h')}
            sx={{ ml: 0.5 }}
            data-testid="awaiting-24h"
          />
        </Tooltip>
      )}
    </Box>
  );
}

/** The columns of one kind's screen: the operator's scan first, the rest in the chooser. */
export function withdrawalColumns(
  kind: WithdrawalKind,
  t: TFunction,
  /** Null for an admin who may not act on requests: no selection boxes then. */
  selection: Selection | null,
): DataColumn<WithdrawalRow>[] {
  const parts = (a: WithdrawalRow['ethAmount']) =>
    a ? (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <AmountText value={a.principal} /> / <AmountText value={a.reward} /> /{' '}
        <AmountText value={a.fee} />
      </Box>
    ) : (
      ''
    );
  const all: Array<DataColumn<WithdrawalRow> | false> = [
    selection !== null && {
      id: 'select',
      label: t('withdrawals.select'),
      hideable: false,
      // A phone keeps the selection, the request's user and status (issue 35).
      phone: true,
      render: (w) => (
        <Checkbox
          size="small"
          checked={selection.isSelected(w.id)}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
          onChange={() => selection.toggle(w)}
          slotProps={{ input: { 'aria-label': t('withdrawals.selectRow', { id: w.id }) } }}
        />
      ),
    },
    { id: 'id', label: t('fields.id'), render: (w) => w.id, sortable: true, pinned: true },
    {
      id: 'userName',
      label: t('withdrawals.user'),
      render: (w) => <TruncatedText text={w.userName} />,
      phone: true,
    },
    {
      id: 'status',
      label: t('fields.status'),
      sortable: true,
      phone: true,
      render: (w) => <WithdrawalStatusChip status={w.status} t={t} />,
    },
    {
      id: 'requestedAt',
      label: t('fields.requestedAt'),
      sortable: true,
      render: (w) => <RequestedAtCell row={w} t={t} />,
    },
    {
      id: 'amount',
      label: t('fields.requestedAmount'),
      sortable: true,
      align: 'right',
      // What the request pays per coin (a principal request of an ETH plan reads its ETH,
      // not its 0 HEC: docs/domain.md "What a principal withdrawal pays").
      render: (w) => <PaidAmounts amounts={w.paidAmounts} />,
    },
    {
      id: 'fee',
      label: t('fields.fee'),
      align: 'right',
      defaultHidden: true,
      render: (w) => <PaidAmounts amounts={w.paidAmounts} part="fee" />,
    },
    {
      id: 'netAmount',
      label: t('fields.netAmount'),
      align: 'right',
      // In the chooser for every kind, with the fee it follows from (the bonus kinds' list was
      // 1,281 > 1,060 px at 1366×768): the requested amount is the one scanned and sorted.
      defaultHidden: true,
      render: (w) => <PaidAmounts amounts={w.paidAmounts} part="netAmount" />,
    },
    {
      id: 'approvals',
      label: t('withdrawals.approvals'),
      // Progress while the request awaits approval (it may still become approved).
      render: (w) =>
        canTransition(WITHDRAWAL_MACHINE, w.status, 'approved')
          ? t('withdrawals.approvalsOf', {
              count: w.approvals.length,
              required: w.requiredApprovals,
            })
          : '',
    },
    hashColumn({
      id: 'receiverAddress',
      label: t('fields.receiverAddress'),
      value: (w) => w.receiverAddress,
      // Checked in the request's detail and carried by the signing export; in the chooser so
      // the transaction hash operators copy after sending is not cut at the right edge of a
      // 1366 px laptop (docs/list-conventions.md "Fitting the laptop").
      defaultHidden: true,
    }),
    hashField(t, 'transactionHash'),
    {
      id: 'userSavingSentValueId',
      label: t('fields.userSavingSentValueId'),
      defaultHidden: true,
      render: (w) => w.userSavingSentValueId ?? '',
    },
    {
      id: 'userAffiliateSavingSentValueId',
      label: t('fields.userAffiliateSavingSentValueId'),
      defaultHidden: true,
      render: (w) => w.userAffiliateSavingSentValueId ?? '',
    },
    {
      id: 'userPaymentPaidValueId',
      label: t('fields.userPaymentPaidValueId'),
      defaultHidden: true,
      render: (w) => w.userPaymentPaidValueId ?? '',
    },
    hashField(t, 'aubeUserIdHash', { defaultHidden: true }),
    hashField(t, 'forceClubIdHash', { defaultHidden: true }),
    {
      id: 'ethAmount',
      label: t('withdrawals.ethAmount'),
      defaultHidden: true,
      render: (w) => parts(w.ethAmount),
    },
    {
      id: 'hecAmount',
      label: t('withdrawals.hecAmount'),
      defaultHidden: true,
      render: (w) => parts(w.hecAmount),
    },
    {
      id: 'metaxEmail',
      label: t('fields.metaxEmail'),
      defaultHidden: true,
      render: (w) => <TruncatedText text={w.metaxEmail ?? ''} />,
    },
    hashField(t, 'ethReceiverAddress', { defaultHidden: true }),
    hashField(t, 'ethTransactionHash', { defaultHidden: true }),
    dateTimeField(t, 'createdAt', { defaultHidden: true }),
    {
      id: 'rejectReason',
      label: t('fields.rejectReason'),
      defaultHidden: true,
      render: (w) => <TruncatedText text={w.rejectReason ?? w.failureReason ?? ''} max={24} />,
    },
  ];
  const variant = new Set(Object.values(VARIANT_COLUMNS).flat());
  return all.filter(
    (c): c is DataColumn<WithdrawalRow> =>
      c !== false && (!variant.has(c.id) || VARIANT_COLUMNS[kind].includes(c.id)),
  );
}
