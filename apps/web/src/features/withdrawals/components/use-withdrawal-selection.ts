import { useMemo, useState } from 'react';
import type { WithdrawalKind } from '@app/shared';
import type { WithdrawalSearchParams } from '@/gql/graphql';
import { useMatchingPreview } from '../api/withdrawal-actions';
import type { Selection, WithdrawalRow } from './withdrawal-columns';
import type { MatchingTarget } from './withdrawal-dialogs';

type Rows = Map<string, WithdrawalRow>;

/**
 * The requests a withdrawal list has selected, with the revision the admin saw (an approval
 * names it), and the table's checkboxes over them. Any change of the selection drops a choice
 * of "all N matching".
 */
export function useWithdrawalSelection() {
  const [selected, setSelectedRows] = useState<Rows>(new Map());
  // "All N matching this filter": the filter it was chosen for; it lapses when the filter
  // (or the kind) changes, so it always means the rows the list shows now.
  // `at` makes each choice read the set afresh (useMatchingPreview).
  const [matchingKey, setMatchingKey] = useState<{ key: string; at: number } | null>(null);
  const setSelected = (next: Rows) => {
    setMatchingKey(null);
    setSelectedRows(next);
  };
  const selection: Selection = useMemo(
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
    [selected],
  );
  return { selected, setSelected, selection, matchingKey, setMatchingKey };
}

/**
 * "All N matching this filter" for the list's current view: whether the whole page is
 * selected, and the set chosen as the server read it then (its count is shown, its
 * fingerprint sent); `pending` while chosen but not read yet, so no action falls back to the
 * page's rows meanwhile.
 */
export function useMatching(
  { kind, searchParams }: { kind: WithdrawalKind; searchParams: WithdrawalSearchParams },
  rows: WithdrawalRow[],
  { selected, matchingKey }: ReturnType<typeof useWithdrawalSelection>,
) {
  const filterKey = JSON.stringify([kind, searchParams]);
  const pageAllSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const chosen = matchingKey?.key === filterKey && pageAllSelected;
  const preview = useMatchingPreview({ kind, searchParams }, chosen ? matchingKey.at : null);
  const matching: MatchingTarget | null =
    chosen && preview.data
      ? {
          kind,
          searchParams,
          expectedCount: preview.data.count,
          fingerprint: preview.data.fingerprint,
        }
      : null;
  return { filterKey, pageAllSelected, matching, pending: chosen && matching === null };
}
