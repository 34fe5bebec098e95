import {
  useMutation,
  useQueryClient,
  type Query,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { TypedDocumentString } from '@/gql/graphql';
import { REFRESHES } from '@/gql/refreshes';
import { ROOT_FIELDS } from '@/gql/root-fields';
import { request } from './graphql-client';
import { operationName, type OperationName } from './query-keys';

/** A mutation's operation name (`mutation SendMail(…)` → 'SendMail'). */
export type MutationName = {
  [K in keyof typeof ROOT_FIELDS]: (typeof ROOT_FIELDS)[K][number] extends keyof typeof REFRESHES
    ? K
    : never;
}[keyof typeof ROOT_FIELDS];

type MutationDocument = TypedDocumentString<unknown, never>;

/** What a write's success changes: Query root fields, or everything (the admin's own profile). */
type WriteChanges = readonly string[] | 'everything';

const rootFields = ROOT_FIELDS as Readonly<Record<string, readonly string[]>>;
const refreshes = REFRESHES as Readonly<Record<string, WriteChanges>>;

/**
 * What the writes of these mutations change: what their commands declare (`refreshes`, printed
 * by the API into gql/refreshes.ts), by the root fields each mutation document selects.
 */
function changesOf(mutations: readonly MutationName[]): WriteChanges {
  const declared = mutations.flatMap((m) => (rootFields[m] ?? []).map((f) => refreshes[f] ?? []));
  if (declared.includes('everything')) return 'everything';
  return [...new Set(declared.flatMap((fields) => (fields === 'everything' ? [] : fields)))];
}

/**
 * Whether a cached query shows something the write changed: its operation (the first part of
 * its key, lib/query-keys.ts) selects one of the changed root fields.
 */
function isChanged(changes: WriteChanges, query: Pick<Query, 'queryKey'>): boolean {
  if (changes === 'everything') return true;
  const fields = rootFields[query.queryKey[0] as OperationName] ?? [];
  return fields.some((field) => changes.includes(field));
}

/**
 * Marks stale what the writes of these mutations change; returns the function to call once
 * one has run (it resolves when the shown queries have refetched). For a write that is not a
 * `useWrite` (an upload followed by its progress).
 */
export function useRefresh(mutations: readonly MutationName[]): () => Promise<void> {
  const client = useQueryClient();
  const changes = changesOf(mutations);
  return () => client.invalidateQueries({ predicate: (query) => isChanged(changes, query) });
}

type WriteOptions<TData, TVariables, TOnMutateResult = unknown> = UseMutationOptions<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> & {
  /** The mutation it sends (the ones it may send: a save that creates or updates). */
  mutation: MutationDocument | readonly MutationDocument[];
  changesOn?: 'settled' | 'success';
};

/**
 * A write: its call (`mutationFn`, as `useMutation` takes it) and its mutation document
 * (`mutation`), whose command declares what it changes (`refreshes`): those queries are marked
 * stale once it has settled, a refused write included (it may say the view was stale), or
 * only once it has succeeded (`changesOn: 'success'`). The one way a write refreshes queries;
 * its own `onSuccess`/`onSettled` run first, and the mutate call's callbacks after the refresh.
 */
export function useWrite<TData, TVariables = void, TOnMutateResult = unknown>(
  options: WriteOptions<TData, TVariables, TOnMutateResult>,
) {
  const { mutation, changesOn = 'settled', onSuccess, onSettled, ...rest } = options;
  const documents: readonly MutationDocument[] = Array.isArray(mutation) ? mutation : [mutation];
  const refresh = useRefresh(documents.map((d) => operationName(d) as MutationName));
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

/**
 * The `useWrite` of one mutation document sent with the caller's variables as they are:
 * `pick` is the part of the answer the screen reads (`(d) => d.postDisableTotp`); `options`
 * are the rest of `useWrite`'s (`changesOn`, `meta`, callbacks).
 */
export function useDocumentWrite<TResult, TVariables, TData>(
  document: TypedDocumentString<TResult, TVariables>,
  pick: (data: TResult) => TData,
  options: Omit<WriteOptions<TData, TVariables>, 'mutationFn' | 'mutation'> = {},
) {
  return useWrite<TData, TVariables>({
    ...options,
    mutationFn: async (variables) => pick(await request(document, variables)),
    mutation: document as MutationDocument,
  });
}
