import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import {
  WITHDRAWAL_MACHINE,
  WITHDRAWAL_STATUSES,
  canTransition,
  type WithdrawalStatus,
} from '@app/shared';
import { GuardedAction } from '@/components/guarded-action';
import { formatNumber } from '@/lib/format';
import { useApproveMatchingWithdrawals, useApproveWithdrawals } from '../api/withdrawal-actions';
import type { WithdrawalRow } from './withdrawal-columns';
import {
  ApproveConfirmDialog,
  SelectedTotal,
  useReportAnswer,
  type ActionAnswer,
  type MatchingTarget,
} from './withdrawal-dialogs';

/** The most requests one "all N matching this filter" call takes (the API's cap). */
const MAX_MATCHING = 5000;

/** Whether a row may move to `to`: the buttons follow the one withdrawal state machine. */
export const canBecome = (row: WithdrawalRow, to: WithdrawalStatus) =>
  canTransition(WITHDRAWAL_MACHINE, row.status, to);

/** The status tabs of a withdrawal list, each with its count in the current filter. */
export function WithdrawalStatusTabs({
  status,
  counts,
  onChange,
}: {
  status: string | undefined;
  counts: ReadonlyArray<{ status: string; count: number }>;
  onChange: (status: string) => void;
}) {
  const { t } = useTranslation();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <Tabs
      value={status ?? 'all'}
      onChange={(_e, value: string) => onChange(value === 'all' ? '' : value)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('fields.status')}
      sx={{ mb: 2 }}
    >
      <Tab value="all" label={`${t('withdrawals.all')} (${formatNumber(total)})`} />
      {WITHDRAWAL_STATUSES.map((s) => (
        <Tab
          key={s}
          value={s}
          label={`${t(`withdrawalStatus.${s}`)} (${formatNumber(counts.find((c) => c.status === s)?.count ?? 0)})`}
        />
      ))}
    </Tabs>
  );
}

/**
 * Approve, reject and fail the chosen requests (or "all N matching"). For a reader the actions
 * stay in view, disabled with the reason (not hidden), and nothing is offered to select.
 */
export function WithdrawalBulkActions({
  canWrite,
  rows,
  chosen,
  matching,
  matchingPending,
  approving,
  onSelect,
  onApprove,
  onReject,
  onFail,
}: {
  canWrite: boolean;
  /** The page's rows ("select this page"). */
  rows: WithdrawalRow[];
  chosen: WithdrawalRow[];
  matching: MatchingTarget | null;
  /** "All matching" was chosen but its set is not read yet: no action may run meanwhile. */
  matchingPending: boolean;
  approving: boolean;
  onSelect: (rows: WithdrawalRow[]) => void;
  onApprove: () => void;
  onReject: () => void;
  onFail: () => void;
}) {
  const { t } = useTranslation();
  const none = chosen.length === 0 && t('actions.nothingSelected');
  const unavailable = (to: WithdrawalStatus) =>
    !matching && (none || (!chosen.some((r) => canBecome(r, to)) && t('actions.noneApplicable')));
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="bulk-actions"
    >
      {canWrite && (
        <>
          <Button size="small" onClick={() => onSelect(rows)} disabled={rows.length === 0}>
            {t('withdrawals.selectPage')}
          </Button>
          <Typography variant="body2">
            {t('withdrawals.selected', {
              count: matching ? matching.expectedCount : chosen.length,
            })}
          </Typography>
          {!matching && <SelectedTotal rows={chosen} />}
        </>
      )}
      <GuardedAction unavailable={unavailable('approved')}>
        <Button
          size="small"
          variant="contained"
          disabled={approving || matchingPending}
          onClick={onApprove}
        >
          {t('withdrawals.approveSelected')}
        </Button>
      </GuardedAction>
      <GuardedAction unavailable={none}>
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={matchingPending}
          onClick={onReject}
        >
          {t('withdrawals.rejectSelected')}
        </Button>
      </GuardedAction>
      <GuardedAction unavailable={unavailable('failed')}>
        <Button
          size="small"
          color="error"
          disabled={matching !== null || matchingPending}
          onClick={onFail}
        >
          {t('withdrawals.failSelected')}
        </Button>
      </GuardedAction>
      {chosen.length > 0 && (
        <Button size="small" onClick={() => onSelect([])}>
          {t('withdrawals.clearSelection')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Offered when the whole page is selected and the filter matches more: choose "all N matching
 * this filter" (up to MAX_MATCHING), or clear that choice.
 */
export function SelectAllMatching({
  matching,
  pageRows,
  matchingTotal,
  onChoose,
  onClear,
}: {
  matching: MatchingTarget | null;
  pageRows: number;
  matchingTotal: number;
  onChoose: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ mb: 1, alignItems: 'center' }}
      data-testid="select-all-matching"
      action={
        matching ? (
          <Button color="inherit" size="small" onClick={onClear}>
            {t('withdrawals.clearSelection')}
          </Button>
        ) : (
          <Button
            color="inherit"
            size="small"
            disabled={matchingTotal > MAX_MATCHING}
            onClick={onChoose}
          >
            {t('withdrawals.selectAllMatching', { count: formatNumber(matchingTotal) })}
          </Button>
        )
      }
    >
      {matching
        ? t('withdrawals.allMatchingSelected', { count: formatNumber(matching.expectedCount) })
        : t('withdrawals.pageAllSelected', { count: pageRows })}
      {!matching && matchingTotal > MAX_MATCHING && (
        <> {t('withdrawals.matchingTooMany', { max: formatNumber(MAX_MATCHING) })}</>
      )}
    </Alert>
  );
}

type Approved = Omit<ActionAnswer, 'results'> & {
  results: Array<{ outcome: string; reason?: string | null }>;
};

/**
 * Approving, by rows or by "all N matching", always through the confirmation (nothing is
 * approved without it), with one report for both ways. `onApproved` gets the answer first.
 */
export function useApprovals(onApproved: (answer: ActionAnswer) => void) {
  // What the operator is asked to confirm approving.
  const [asking, setAsking] = useState<{
    rows: WithdrawalRow[];
    count: number;
    run: () => void;
  } | null>(null);
  const approve = useApproveWithdrawals();
  const approveMatching = useApproveMatchingWithdrawals();
  const report = useReportAnswer();
  const reportApproved = (answer: Approved) => {
    onApproved(answer);
    report(
      answer,
      answer.results.some((r) => r.outcome === 'awaitingSecondApproval') &&
        answer.results.every((r) => r.outcome !== 'approved')
        ? 'withdrawals.awaitingSecond'
        : 'withdrawals.resultApproved',
    );
  };
  const askRows = (targets: WithdrawalRow[]) =>
    setAsking({
      rows: targets,
      count: targets.length,
      run: () =>
        approve.mutate(
          { requests: targets.map((r) => ({ id: r.id, revision: r.revision })) },
          { onSuccess: reportApproved },
        ),
    });
  const askMatching = (target: MatchingTarget) =>
    setAsking({
      rows: [],
      count: target.expectedCount,
      run: () => approveMatching.mutate(target, { onSuccess: reportApproved }),
    });
  const dialog = asking && (
    <ApproveConfirmDialog
      rows={asking.rows}
      count={asking.count}
      onConfirm={asking.run}
      onClose={() => setAsking(null)}
    />
  );
  return {
    askRows,
    askMatching,
    /** One of the rows' approvals is under way. */
    approvingRows: approve.isPending,
    pending: approve.isPending || approveMatching.isPending,
    dialog,
  };
}
