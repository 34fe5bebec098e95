import type { TypedDocumentString } from '@/gql/graphql';
import { request } from './graphql-client';
import { queryKeyFor } from './query-keys';

/**
 * What `useQuery` needs to read one GraphQL document: its cache key from the operation and
 * the variables (`queryKeyFor`, so the writes that change it refresh it) and its call, which
 * answers the part of the data the screen reads. A hook adds its own options
 * (`useQuery({ ...documentQuery(…), staleTime })`).
 */
export function documentQuery<TResult, TVariables, TData>(
  document: TypedDocumentString<TResult, TVariables>,
  pick: (data: TResult) => TData,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
) {
  return {
    queryKey: queryKeyFor(document, variables),
    queryFn: async () => pick(await request(document, variables)),
  };
}
