import '@/i18n/screens';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SelectField } from '@/components/select-field';
import {
  WITHDRAWAL_MACHINE,
  WITHDRAWAL_REJECT_CODES,
  canTransition,
  isBlankText,
} from '@app/shared';
import type {
  ApproveMatchingWithdrawalRequestsMutationVariables,
  WithdrawalRejectCode,
} from '@/gql/graphql';
import { formatDateTime } from '@/lib/date-time';
import { notifySuccess } from '@/lib/feedback';
import {
  useFailWithdrawals,
  useRejectMatchingWithdrawals,
  useRejectWithdrawals,
} from '../api/withdrawal-actions';
import { useWithdrawalTimeline } from '../api/withdrawal-requests';
import { AmountSentence } from '@/components/amount-text';
import { CoinTotalsText, PaidAmounts } from '@/components/paid-amounts';
import { paidTotals } from '@/lib/paid-amounts';
import { approveSentence } from '@/lib/confirm-sentence';
import { WithdrawalStatusChip } from '@/components/withdrawal-status-chip';
import type { WithdrawalRow } from './withdrawal-columns';
import { WithdrawalTimeline } from './withdrawal-timeline';

type Answer = {
  changedCount: number;
  refusedCount: number;
  results: Array<{ reason?: string | null }>;
};

/** What an action answers: its report and the requests as they are after it. */
export type ActionAnswer = Answer & { requests: WithdrawalRow[] };

/** Says what a batch did: how many changed, and why the others did not. */
export function useReportAnswer() {
  const { t } = useTranslation();
  return (answer: Answer, done: string) => {
    const reasons = [
      ...new Set(
        answer.results
          .map((r) => r.reason)
          .filter((r): r is string => Boolean(r))
          .map((r) => t(`withdrawals.refusals.${r}` as 'withdrawals.refusals.NOT_FOUND')),
      ),
    ].join(', ');
    notifySuccess(
      answer.refusedCount > 0
        ? `${t(done, { count: answer.changedCount })} ${t('withdrawals.resultRefused', { count: answer.refusedCount, reasons })}`
        : t(done, { count: answer.changedCount }),
    );
  };
}

/**
 * What the chosen requests pay in total, per coin (a principal request's ETH as ETH): shown
 * in the reject and fail dialogs beside their count, so the operator sees the sum they act on.
 */
export function SelectedTotal({ rows }: { rows: readonly WithdrawalRow[] }) {
  const { t } = useTranslation();
  const totals = paidTotals(rows);
  if (totals.length === 0) return null;
  return (
    <Typography variant="body2" data-testid="selected-total">
      {t('withdrawals.selectedTotal')} <CoinTotalsText totals={totals} exact />
    </Typography>
  );
}

/**
 * Approving asks first (issue 35): one sentence with the count and what the requests pay per
 * coin, exactly (all matching a filter: the count the list shows; the rows are not all here).
 */
export function ApproveConfirmDialog({
  rows,
  count,
  onConfirm,
  onClose,
}: {
  rows: readonly WithdrawalRow[];
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const totals = rows.length === count ? paidTotals(rows) : [];
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('withdrawals.approveTitle')}
      width="sm"
      confirmLabel={t('withdrawals.approveYes', { count })}
      confirmTestId="approve-confirm"
      onConfirm={() => {
        onClose();
        onConfirm();
      }}
    >
      <Typography data-testid="approve-confirm-text">
        {approveSentence(t, count, totals)}
      </Typography>
    </ConfirmDialog>
  );
}

/** "All N matching this filter": the list's kind, searchParams and the total shown. */
export type MatchingTarget = ApproveMatchingWithdrawalRequestsMutationVariables;

/**
 * An action on requests that needs the operator's reason (reject, mark failed): the reason is
 * required and may not be blank, the shared rule (spaces and invisible characters alone are
 * blank, the API says the same). `children` places the reason field among the dialog's content;
 * the action's answer is reported, then the dialog closes with it.
 */
function ReasonDialog({
  title,
  confirmLabel,
  pending,
  reasonField,
  act,
  doneKey,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  pending: boolean;
  /** The reason field's label and layout. */
  reasonField: Omit<TextFieldProps, 'value' | 'onChange'>;
  act: (reason: string, done: { onSuccess: (answer: ActionAnswer) => void }) => void;
  /** The report's sentence (withdrawals.result…). */
  doneKey: string;
  onClose: (answer: ActionAnswer | null) => void;
  children: (reason: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const report = useReportAnswer();
  const [text, setText] = useState('');
  const blank = isBlankText(text);
  return (
    <ConfirmDialog
      onClose={() => onClose(null)}
      title={title}
      width="xs"
      confirmLabel={confirmLabel}
      destructive
      confirmDisabled={pending || blank}
      onConfirm={() =>
        act(text, {
          onSuccess: (answer) => {
            report(answer, doneKey);
            onClose(answer);
          },
        })
      }
    >
      {children(
        <TextField
          {...reasonField}
          value={text}
          required
          error={text !== '' && blank}
          helperText={text !== '' && blank ? t('withdrawals.blankText') : undefined}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          onChange={(e) => setText(e.target.value)}
        />,
      )}
    </ConfirmDialog>
  );
}

/** Reject one or many requests (or all matching a filter) with a reason code and text. */
export function RejectDialog({
  ids,
  rows = [],
  matching,
  onClose,
}: {
  ids: string[];
  /** The chosen requests as listed, for their total (none when rejecting all matching). */
  rows?: readonly WithdrawalRow[];
  matching?: MatchingTarget | undefined;
  /** The answer when the rejection was made, null when cancelled. */
  onClose: (answer: ActionAnswer | null) => void;
}) {
  const { t } = useTranslation();
  const reject = useRejectWithdrawals();
  const rejectMatching = useRejectMatchingWithdrawals();
  const [code, setCode] = useState<WithdrawalRejectCode>('invalid_address');
  return (
    <ReasonDialog
      title={t('withdrawals.rejectTitle')}
      confirmLabel={t('withdrawals.reject')}
      pending={reject.isPending || rejectMatching.isPending}
      reasonField={{ label: t('withdrawals.reasonText'), multiline: true, minRows: 2 }}
      act={(text, done) => {
        if (matching)
          rejectMatching.mutate({ ...matching, reasonCode: code, reasonText: text }, done);
        else reject.mutate({ ids, reasonCode: code, reasonText: text }, done);
      }}
      doneKey="withdrawals.resultRejected"
      onClose={onClose}
    >
      {(reason) => (
        <>
          <Typography sx={{ mb: 2 }}>
            {t('withdrawals.rejectCount', {
              count: matching ? matching.expectedCount : ids.length,
            })}
          </Typography>
          {!matching && (
            <Box sx={{ mt: -1, mb: 2 }}>
              <SelectedTotal rows={rows} />
            </Box>
          )}
          <Stack spacing={2}>
            <SelectField
              label={t('withdrawals.reasonCode')}
              value={code}
              options={WITHDRAWAL_REJECT_CODES}
              optionLabel={(c) => t(`withdrawals.rejectCodes.${c}`)}
              onValue={setCode}
            />
            {reason}
          </Stack>
        </>
      )}
    </ReasonDialog>
  );
}

/** Record that the send of processing requests failed, with the reason. */
export function FailDialog({
  ids,
  rows = [],
  onClose,
}: {
  ids: string[];
  /** The chosen requests as listed, for their total. */
  rows?: readonly WithdrawalRow[];
  /** The answer when the requests were marked failed, null when cancelled. */
  onClose: (answer: ActionAnswer | null) => void;
}) {
  const { t } = useTranslation();
  const fail = useFailWithdrawals();
  return (
    <ReasonDialog
      title={t('withdrawals.failTitle')}
      confirmLabel={t('withdrawals.markFailed')}
      pending={fail.isPending}
      reasonField={{ label: t('withdrawals.failReason'), fullWidth: true, sx: { mt: 2 } }}
      act={(text, done) => fail.mutate({ ids, reason: text }, done)}
      doneKey="withdrawals.resultFailed"
      onClose={onClose}
    >
      {(reason) => (
        <>
          <Typography>{t('withdrawals.failCount', { count: ids.length })}</Typography>
          <SelectedTotal rows={rows} />
          {reason}
        </>
      )}
    </ReasonDialog>
  );
}

function daysAgo(iso: string | null | undefined): number | null {
  if (!iso) return null;
  return Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000);
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        sx={{ textAlign: 'right', wordBreak: 'break-all' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** One request: the approver's context, its approvals and its timeline, and its actions. */
export function WithdrawalDetailDialog({
  row,
  myAdminId,
  canWrite,
  onApprove,
  approving,
  onReject,
  onFail,
  onClose,
}: {
  row: WithdrawalRow;
  myAdminId: number | null;
  canWrite: boolean;
  onApprove: () => void;
  approving: boolean;
  onReject: () => void;
  onFail: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const timeline = useWithdrawalTimeline(row.id);
  const c = row.context;
  const mine = row.approvals.some((a) => a.adminUserId === myAdminId);
  const days = (iso: string | null | undefined) => {
    const d = daysAgo(iso);
    return d === null ? '—' : `${formatDateTime(iso)} (${t('withdrawals.ageDays', { days: d })})`;
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="withdrawal-detail-title"
    >
      <DialogTitle id="withdrawal-detail-title">
        {t('withdrawals.detailTitle', { id: row.id })}{' '}
        <WithdrawalStatusChip status={row.status} t={t} />
      </DialogTitle>
      <DialogContent dividers>
        <Fact label={t('withdrawals.user')} value={`${row.userName} (${row.email})`} />
        <Fact
          label={t('fields.requestedAmount')}
          // The operator approves or rejects from here: every digit (docs/domain.md).
          value={<PaidAmounts amounts={row.paidAmounts} exact />}
        />
        <Fact label={t('fields.receiverAddress')} value={row.receiverAddress} />
        {row.transactionHash && (
          <Fact label={t('fields.transactionHash')} value={row.transactionHash} />
        )}
        {canTransition(WITHDRAWAL_MACHINE, row.status, 'approved') && row.requiredApprovals > 1 && (
          <Alert severity="info" sx={{ my: 1 }}>
            {t('withdrawals.needsTwo')}
          </Alert>
        )}
        {row.awaitingOver24h && (
          <Alert severity="warning" sx={{ my: 1 }}>
            {t('withdrawals.awaiting24hHint')}
          </Alert>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('withdrawals.contextTitle')}
        </Typography>
        {c && (
          <Box data-testid="approver-context">
            {/* The user's requests over the last day and month (withdrawals.user24h, user30d). */}
            {(['24h', '30d'] as const).map((span) => (
              <Fact
                key={span}
                label={t(`withdrawals.user${span}`)}
                value={
                  <AmountSentence
                    sentence={(amount) =>
                      t('withdrawals.countAmount', { count: c[`userCount${span}`], amount })
                    }
                    value={c[`userAmount${span}`]}
                    unit={row.coinTypeName}
                    exact
                  />
                }
              />
            ))}
            <Fact label={t('withdrawals.addressAge')} value={days(c.addressFirstSeenAt)} />
            <Fact label={t('withdrawals.addressOtherUsers')} value={c.addressOtherUsers} />
            <Fact label={t('withdrawals.registered')} value={days(row.userRegisteredAt)} />
          </Box>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('withdrawals.approvals')}{' '}
          {t('withdrawals.approvalsOf', {
            count: row.approvals.length,
            required: row.requiredApprovals,
          })}
        </Typography>
        <Divider sx={{ my: 1 }} />
        <Typography variant="subtitle2">{t('withdrawals.timeline')}</Typography>
        <WithdrawalTimeline steps={timeline.data ?? []} />
        {mine && canTransition(WITHDRAWAL_MACHINE, row.status, 'approved') && (
          <Alert severity="info">{t('withdrawals.alreadyApproved')}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('withdrawals.close')}</Button>
        {canWrite && canTransition(WITHDRAWAL_MACHINE, row.status, 'failed') && (
          <Button color="error" onClick={onFail}>
            {t('withdrawals.markFailed')}
          </Button>
        )}
        {canWrite && canTransition(WITHDRAWAL_MACHINE, row.status, 'rejected') && (
          <Button color="error" variant="outlined" onClick={onReject}>
            {t('withdrawals.reject')}
          </Button>
        )}
        {canWrite && canTransition(WITHDRAWAL_MACHINE, row.status, 'approved') && !mine && (
          <Button variant="contained" disabled={approving} onClick={onApprove}>
            {t('withdrawals.approve')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
