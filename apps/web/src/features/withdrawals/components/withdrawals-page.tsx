import '@/i18n/lists';
import '@/i18n/screens';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import {
  WITHDRAWAL_MACHINE,
  WITHDRAWAL_STATUSES,
  WITHDRAWALS_SHAPE,
  canTransition,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '@app/shared';
import { FilteredList } from '@/components/filtered-list';
import { GuardedAction } from '@/components/guarded-action';
import { filteredListProps } from '@/components/list-screen';
import type { WithdrawalSearchParams } from '@/gql/graphql';
import { listView } from '@/lib/list-declaration';
import { formatNumber } from '@/lib/format';
import { defineListScreen, listSearch, useListQuery } from '@/lib/list-query';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import {
  useApproveMatchingWithdrawals,
  useApproveWithdrawals,
  useMatchingPreview,
} from '../api/withdrawal-actions';
import { withdrawalRequests } from '../api/withdrawal-requests';
import { withdrawalColumns, type Selection, type WithdrawalRow } from './withdrawal-columns';
import {
  ApproveConfirmDialog,
  FailDialog,
  RejectDialog,
  SelectedTotal,
  WithdrawalDetailDialog,
  useReportAnswer,
  type ActionAnswer,
  type MatchingTarget,
} from './withdrawal-dialogs';
import { ApprovalThresholds } from './withdrawal-thresholds';

/** The most requests one "all N matching this filter" call takes (the API's cap). */
export const MAX_MATCHING = 5000;

/**
 * The withdrawal lists' one WithdrawalSearchParams (the list, its exports, "all matching") from
 * the declaration (WITHDRAWALS_SHAPE); the status is the tab, links keep their keys.
 */
const VIEW = listView(WITHDRAWALS_SHAPE, {
  keys: {
    requestedAtFrom: 'requestedFrom',
    requestedAtUntil: 'requestedUntil',
    awaitingOver24h: 'awaiting',
  },
});

/** The URL's view as the lists' one WithdrawalSearchParams. */
const withdrawalSearch = (search: object): WithdrawalSearchParams => VIEW.variables(search);

/** One kind's requests (`context`: the kind, and the table's selection for its checkboxes). */
const WITHDRAWALS = defineListScreen({
  url: VIEW.url,
  query: {
    ...withdrawalRequests,
    variables: (
      search,
      pagination,
      { kind }: { kind: WithdrawalKind; selection: Selection | null },
    ) => ({
      kind,
      input: { searchParams: withdrawalSearch(search), pagination },
    }),
  },
  label: (t, { kind }) => t(`withdrawalKind.${kind}`),
  storageKey: ({ kind }) => `withdrawals-${kind}`,
  fields: (t) => [
    VIEW.field('userName', { label: t('fields.userName'), hint: t('list.matchExact') }),
    VIEW.field('email', { label: t('fields.email'), hint: t('list.matchExact') }),
    VIEW.field('address', { label: t('fields.address'), hint: t('list.matchExact') }),
    VIEW.field('transactionHash', {
      label: t('fields.transactionHash'),
      hint: t('list.matchExact'),
    }),
    VIEW.field('requestedAtFrom', { label: t('withdrawals.requestedFrom') }),
    VIEW.field('requestedAtUntil', { label: t('withdrawals.requestedUntil') }),
    VIEW.field('amountFrom', { label: t('withdrawals.amountFrom') }),
    VIEW.field('amountTo', { label: t('withdrawals.amountTo') }),
    VIEW.field('awaitingOver24h', {
      label: t('withdrawals.awaitingFilter'),
      options: [{ value: 'yes', label: t('fields.yes') }],
    }),
    VIEW.field('userId', { label: t('withdrawals.userIdFilter') }),
  ],
  columns: (t, { kind, selection }) => withdrawalColumns(kind, t, selection),
  getRowId: (w) => w.id,
  emptyText: (t) => t('list.empty'),
});

/** The later of two reads of one request (its revision grows with every change). */
/** Whether a row may move to `to`: the buttons follow the one withdrawal state machine. */
const canBecome = (row: WithdrawalRow, to: WithdrawalStatus) =>
  canTransition(WITHDRAWAL_MACHINE, row.status, to);

function freshest(row: WithdrawalRow, other: WithdrawalRow | undefined): WithdrawalRow {
  return other && other.revision >= row.revision ? other : row;
}

/**
 * The one screen of the eight withdrawal kinds (the seven under /withdrawals and
 * /aubecoin_saving/withdrawals): status tabs with counts, filters, a selectable table,
 * approve/reject one or many, a request's detail with the approver's context and timeline.
 * `tools` renders the kind's export and upload controls for the list's current searchParams
 * (an export takes exactly what the filters show).
 */
export function WithdrawalsPage({
  kind,
  tools,
}: {
  kind: WithdrawalKind;
  tools?: (searchParams: WithdrawalSearchParams) => ReactNode;
}) {
  const { t } = useTranslation();
  const admin = useCurrentAdmin();
  const canWrite = hasRole(admin.data, 'write');

  // Selected requests with the revision the admin saw (an approval names it).
  const [selectedRows, setSelectedRows] = useState<Map<string, WithdrawalRow>>(new Map());
  // "All N matching this filter": the filter it was chosen for; it lapses when the filter
  // (or the kind) changes, so it always means the rows the list shows now.
  // `at` makes each choice read the set afresh (useMatchingPreview).
  const [matchingKey, setMatchingKey] = useState<{ key: string; at: number } | null>(null);
  const selected = selectedRows;
  const setSelected = (
    next:
      | Map<string, WithdrawalRow>
      | ((prev: Map<string, WithdrawalRow>) => Map<string, WithdrawalRow>),
  ) => {
    setMatchingKey(null);
    setSelectedRows(next);
  };
  // A reject or fail started from the detail returns to it (`from`), showing the answer.
  const [dialog, setDialog] = useState<
    | null
    | {
        type: 'reject';
        ids: string[];
        rows: WithdrawalRow[];
        matching?: MatchingTarget;
        from?: WithdrawalRow;
      }
    | { type: 'fail'; ids: string[]; rows: WithdrawalRow[]; from?: WithdrawalRow }
    | { type: 'detail'; row: WithdrawalRow }
  >(null);
  // The open detail shows the request as the last answer or list read left it, whichever is
  // later: after an action, its answer at once, never what the detail was opened with.
  const showAnswer = (answer: ActionAnswer) =>
    setDialog((open) =>
      open?.type === 'detail'
        ? {
            type: 'detail',
            row: freshest(
              open.row,
              answer.requests.find((r) => r.id === open.row.id),
            ),
          }
        : open,
    );
  const closeAction = (from: WithdrawalRow | undefined, answer: ActionAnswer | null) => {
    if (answer) setSelected(new Map());
    setDialog(
      from
        ? {
            type: 'detail',
            row: freshest(
              from,
              answer?.requests.find((r) => r.id === from.id),
            ),
          }
        : null,
    );
  };
  // What the operator is asked to confirm approving (nothing is approved without it).
  const [approving, setApproving] = useState<{
    rows: WithdrawalRow[];
    count: number;
    run: () => void;
  } | null>(null);
  const approve = useApproveWithdrawals();
  const approveMatching = useApproveMatchingWithdrawals();
  const report = useReportAnswer();

  const selection = useMemo(
    () => ({
      isSelected: (id: string) => selected.has(id),
      toggle: (row: WithdrawalRow) => {
        setMatchingKey(null);
        setSelectedRows((prev) => {
          const next = new Map(prev);
          if (next.has(row.id)) next.delete(row.id);
          else next.set(row.id, row);
          return next;
        });
      },
    }),
    [selected, setMatchingKey, setSelectedRows],
  );
  // A reader is offered no selection boxes: nothing they could pick leads anywhere.
  const context = useMemo(
    () => ({ kind, selection: canWrite ? selection : null }),
    [kind, selection, canWrite],
  );
  const { list, query } = useListQuery(WITHDRAWALS, context);
  const searchParams = withdrawalSearch(listSearch(list.filters));
  const status = searchParams.status ?? undefined;
  const filterKey = JSON.stringify([kind, searchParams]);
  const rows = query.data?.list ?? [];
  const chosen = [...selected.values()];
  const matchingTotal = query.data?.pagination.totalRecords ?? 0;
  const pageAllSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const matchingChosen = matchingKey?.key === filterKey && pageAllSelected;
  // The set chosen, as the server read it then: its count is shown, its fingerprint sent.
  const matchingPreview = useMatchingPreview(
    { kind, searchParams },
    matchingChosen ? matchingKey!.at : null,
  );
  const matching: MatchingTarget | null =
    matchingChosen && matchingPreview.data
      ? {
          kind,
          searchParams,
          expectedCount: matchingPreview.data.count,
          fingerprint: matchingPreview.data.fingerprint,
        }
      : null;
  // Chosen but not read yet: no action may fall back to the page's rows meanwhile.
  const matchingPending = matchingChosen && matching === null;

  // One report for both ways of approving: by the selected rows and by "all N matching".
  const reportApproved = (
    answer: Omit<ActionAnswer, 'results'> & {
      results: Array<{ outcome: string; reason?: string | null }>;
    },
  ) => {
    showAnswer(answer);
    report(
      answer,
      answer.results.some((r) => r.outcome === 'awaitingSecondApproval') &&
        answer.results.every((r) => r.outcome !== 'approved')
        ? 'withdrawals.awaitingSecond'
        : 'withdrawals.resultApproved',
    );
    setSelected(new Map());
  };

  const approveRows = (targets: WithdrawalRow[], after?: () => void) =>
    approve.mutate(
      { requests: targets.map((r) => ({ id: r.id, revision: r.revision })) },
      {
        onSuccess: (answer) => {
          reportApproved(answer);
          after?.();
        },
      },
    );

  const approveAllMatching = (target: MatchingTarget) =>
    approveMatching.mutate(target, {
      onSuccess: reportApproved,
    });

  const detail =
    dialog?.type === 'detail'
      ? freshest(
          dialog.row,
          rows.find((r) => r.id === dialog.row.id),
        )
      : null;

  const counts = query.data?.statusCounts ?? [];
  const total = counts.reduce((sum, c) => sum + c.count, 0);

  return (
    <>
      <Tabs
        value={status ?? 'all'}
        onChange={(_e, value: string) => {
          setSelected(new Map());
          list.setFilters({ status: value === 'all' ? '' : value });
        }}
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
      {tools && (
        <Box sx={{ mb: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {tools(searchParams)}
          </Stack>
        </Box>
      )}
      <ApprovalThresholds />
      {/* For a reader the actions stay in view, disabled with the reason (not hidden). */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
        data-testid="bulk-actions"
      >
        {canWrite && (
          <>
            <Button
              size="small"
              onClick={() => setSelected(new Map(rows.map((r) => [r.id, r])))}
              disabled={rows.length === 0}
            >
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
        <GuardedAction
          unavailable={
            !matching &&
            (chosen.length === 0
              ? t('actions.nothingSelected')
              : !chosen.some((r) => canBecome(r, 'approved')) && t('actions.noneApplicable'))
          }
        >
          <Button
            size="small"
            variant="contained"
            disabled={approve.isPending || approveMatching.isPending || matchingPending}
            onClick={() => {
              if (matching) {
                setApproving({
                  rows: [],
                  count: matching.expectedCount,
                  run: () => approveAllMatching(matching),
                });
                return;
              }
              const targets = chosen.filter((r) => canBecome(r, 'approved'));
              setApproving({
                rows: targets,
                count: targets.length,
                run: () => approveRows(targets),
              });
            }}
          >
            {t('withdrawals.approveSelected')}
          </Button>
        </GuardedAction>
        <GuardedAction unavailable={chosen.length === 0 && t('actions.nothingSelected')}>
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={matchingPending}
            onClick={() =>
              setDialog({
                type: 'reject',
                ids: chosen.map((r) => r.id),
                rows: chosen,
                ...(matching ? { matching } : {}),
              })
            }
          >
            {t('withdrawals.rejectSelected')}
          </Button>
        </GuardedAction>
        <GuardedAction
          unavailable={
            !matching &&
            (chosen.length === 0
              ? t('actions.nothingSelected')
              : !chosen.some((r) => canBecome(r, 'failed')) && t('actions.noneApplicable'))
          }
        >
          <Button
            size="small"
            color="error"
            disabled={matching !== null || matchingPending}
            onClick={() =>
              setDialog({
                type: 'fail',
                ids: chosen.filter((r) => canBecome(r, 'failed')).map((r) => r.id),
                rows: chosen.filter((r) => canBecome(r, 'failed')),
              })
            }
          >
            {t('withdrawals.failSelected')}
          </Button>
        </GuardedAction>
        {chosen.length > 0 && (
          <Button size="small" onClick={() => setSelected(new Map())}>
            {t('withdrawals.clearSelection')}
          </Button>
        )}
      </Stack>
      {canWrite && pageAllSelected && matchingTotal > rows.length && (
        <Alert
          severity="info"
          sx={{ mb: 1, alignItems: 'center' }}
          data-testid="select-all-matching"
          action={
            matching ? (
              <Button color="inherit" size="small" onClick={() => setSelected(new Map())}>
                {t('withdrawals.clearSelection')}
              </Button>
            ) : (
              <Button
                color="inherit"
                size="small"
                disabled={matchingTotal > MAX_MATCHING}
                onClick={() => setMatchingKey({ key: filterKey, at: Date.now() })}
              >
                {t('withdrawals.selectAllMatching', {
                  count: formatNumber(matchingTotal),
                })}
              </Button>
            )
          }
        >
          {matching
            ? t('withdrawals.allMatchingSelected', {
                count: formatNumber(matching.expectedCount),
              })
            : t('withdrawals.pageAllSelected', { count: rows.length })}
          {!matching && matchingTotal > MAX_MATCHING && (
            <> {t('withdrawals.matchingTooMany', { max: formatNumber(MAX_MATCHING) })}</>
          )}
        </Alert>
      )}
      <FilteredList
        list={list}
        query={query}
        {...filteredListProps(WITHDRAWALS, t, context, list)}
        onOpenRow={(row) => setDialog({ type: 'detail', row })}
        rowLabel={(row) => t('withdrawals.openRow', { id: row.id })}
      />
      {detail && (
        <WithdrawalDetailDialog
          row={detail}
          myAdminId={admin.data?.id ?? null}
          canWrite={canWrite}
          approving={approve.isPending}
          onApprove={() =>
            setApproving({ rows: [detail], count: 1, run: () => approveRows([detail]) })
          }
          onReject={() =>
            setDialog({ type: 'reject', ids: [detail.id], rows: [detail], from: detail })
          }
          onFail={() => setDialog({ type: 'fail', ids: [detail.id], rows: [detail], from: detail })}
          onClose={() => setDialog(null)}
        />
      )}
      {approving && (
        <ApproveConfirmDialog
          rows={approving.rows}
          count={approving.count}
          onConfirm={approving.run}
          onClose={() => setApproving(null)}
        />
      )}
      {dialog?.type === 'reject' && (
        <RejectDialog
          ids={dialog.ids}
          rows={dialog.rows}
          matching={dialog.matching}
          onClose={(answer) => closeAction(dialog.from, answer)}
        />
      )}
      {dialog?.type === 'fail' && (
        <FailDialog
          ids={dialog.ids}
          rows={dialog.rows}
          onClose={(answer) => closeAction(dialog.from, answer)}
        />
      )}
    </>
  );
}
