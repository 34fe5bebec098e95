import '@/i18n/lists';
import '@/i18n/screens';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Stack } from '@mui/material';
import { WITHDRAWALS_SHAPE, type WithdrawalKind } from '@app/shared';
import { FilteredList } from '@/components/filtered-list';
import { filteredListProps } from '@/components/list-screen';
import type { WithdrawalSearchParams } from '@/gql/graphql';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, listSearch, useListQuery } from '@/lib/list-query';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { withdrawalRequests } from '../api/withdrawal-requests';
import { useMatching, useWithdrawalSelection } from './use-withdrawal-selection';
import {
  SelectAllMatching,
  WithdrawalBulkActions,
  WithdrawalStatusTabs,
  canBecome,
  useApprovals,
} from './withdrawal-bulk-actions';
import { withdrawalColumns, type Selection, type WithdrawalRow } from './withdrawal-columns';
import {
  FailDialog,
  RejectDialog,
  WithdrawalDetailDialog,
  type ActionAnswer,
  type MatchingTarget,
} from './withdrawal-dialogs';
import { ApprovalThresholds } from './withdrawal-thresholds';

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
  view: VIEW,
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
function freshest(row: WithdrawalRow, other: WithdrawalRow | undefined): WithdrawalRow {
  return other && other.revision >= row.revision ? other : row;
}

/** A reject or fail, and the detail it was started from (it returns there, showing the answer). */
type ActionDialog =
  | { type: 'reject'; rows: WithdrawalRow[]; matching?: MatchingTarget; from?: WithdrawalRow }
  | { type: 'fail'; rows: WithdrawalRow[]; from?: WithdrawalRow }
  | { type: 'detail'; row: WithdrawalRow };

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
  const selecting = useWithdrawalSelection();
  const { setSelected, selection } = selecting;
  const [dialog, setDialog] = useState<ActionDialog | null>(null);
  // The open detail shows the request as the last answer or list read left it, whichever is
  // later: after an action, its answer at once, never what the detail was opened with.
  const reopen = (from: WithdrawalRow, answer: ActionAnswer | null): ActionDialog => ({
    type: 'detail',
    row: freshest(
      from,
      answer?.requests.find((r) => r.id === from.id),
    ),
  });
  const closeAction = (from: WithdrawalRow | undefined, answer: ActionAnswer | null) => {
    if (answer) setSelected(new Map());
    setDialog(from ? reopen(from, answer) : null);
  };
  const approvals = useApprovals((answer) => {
    setDialog((open) => (open?.type === 'detail' ? reopen(open.row, answer) : open));
    setSelected(new Map());
  });

  // A reader is offered no selection boxes: nothing they could pick leads anywhere.
  const context = useMemo(
    () => ({ kind, selection: canWrite ? selection : null }),
    [kind, selection, canWrite],
  );
  const { list, query } = useListQuery(WITHDRAWALS, context);
  const searchParams = withdrawalSearch(listSearch(list.filters));
  const rows = query.data?.list ?? [];
  const chosen = [...selecting.selected.values()];
  const matchingTotal = query.data?.pagination.totalRecords ?? 0;
  const { filterKey, pageAllSelected, matching, pending } = useMatching(
    { kind, searchParams },
    rows,
    selecting,
  );
  const detail =
    dialog?.type === 'detail'
      ? freshest(
          dialog.row,
          rows.find((r) => r.id === dialog.row.id),
        )
      : null;
  const failing = chosen.filter((r) => canBecome(r, 'failed'));

  return (
    <>
      <WithdrawalStatusTabs
        status={searchParams.status ?? undefined}
        counts={query.data?.statusCounts ?? []}
        onChange={(status) => {
          setSelected(new Map());
          list.setFilters({ status });
        }}
      />
      {tools && (
        <Box sx={{ mb: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {tools(searchParams)}
          </Stack>
        </Box>
      )}
      <ApprovalThresholds />
      <WithdrawalBulkActions
        canWrite={canWrite}
        rows={rows}
        chosen={chosen}
        matching={matching}
        matchingPending={pending}
        approving={approvals.pending}
        onSelect={(picked) => setSelected(new Map(picked.map((r) => [r.id, r])))}
        onApprove={() =>
          matching
            ? approvals.askMatching(matching)
            : approvals.askRows(chosen.filter((r) => canBecome(r, 'approved')))
        }
        onReject={() => setDialog({ type: 'reject', rows: chosen, ...(matching && { matching }) })}
        onFail={() => setDialog({ type: 'fail', rows: failing })}
      />
      {canWrite && pageAllSelected && matchingTotal > rows.length && (
        <SelectAllMatching
          matching={matching}
          pageRows={rows.length}
          matchingTotal={matchingTotal}
          onChoose={() => selecting.setMatchingKey({ key: filterKey, at: Date.now() })}
          onClear={() => setSelected(new Map())}
        />
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
          approving={approvals.approvingRows}
          onApprove={() => approvals.askRows([detail])}
          onReject={() => setDialog({ type: 'reject', rows: [detail], from: detail })}
          onFail={() => setDialog({ type: 'fail', rows: [detail], from: detail })}
          onClose={() => setDialog(null)}
        />
      )}
      {approvals.dialog}
      {dialog?.type === 'reject' && (
        <RejectDialog
          ids={dialog.rows.map((r) => r.id)}
          rows={dialog.rows}
          matching={dialog.matching}
          onClose={(answer) => closeAction(dialog.from, answer)}
        />
      )}
      {dialog?.type === 'fail' && (
        <FailDialog
          ids={dialog.rows.map((r) => r.id)}
          rows={dialog.rows}
          onClose={(answer) => closeAction(dialog.from, answer)}
        />
      )}
    </>
  );
}
