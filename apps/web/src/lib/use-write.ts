import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OperationName } from './query-keys';

/** What a write changes: queries by operation name, or everything (the admin's own profile). */
export type WriteChanges = readonly OperationName[] | 'everything';

/**
 * A write, declared once: its call (`mutationFn`, as `useMutation` takes it) and what it
 * changes (`changes`), marked stale once it has settled, a refused write included (it may say
 * the view was stale), or only once it has succeeded (`changesOn: 'success'`). The one way a
 * write refreshes queries; its own `onSuccess`/`onSettled` run first, and the mutate call's
 * callbacks after the refresh.
 */
export function useWrite<TData, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TOnMutateResult> & {
    changes: WriteChanges;
    changesOn?: 'settled' | 'success';
  },
) {
  const client = useQueryClient();
  const { changes, changesOn = 'settled', onSuccess, onSettled, ...rest } = options;
  const refresh = () =>
    changes === 'everything'
      ? client.invalidateQueries()
      : client.invalidateQueries({
          predicate: (query) => changes.includes(query.queryKey[0] as OperationName),
        });
  return useMutation<TData, Error, TVariables, TOnMutateResult>({
    ...rest,
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      if (changesOn === 'success') await refresh();
    },
    onSettled: async (...args) => {
      await onSettled?.(...args);
      if (changesOn === 'settled') await refresh();
    },
  });
}
