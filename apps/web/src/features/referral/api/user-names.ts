import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserNamesQuery = graphql(`
  query UserNames($userName: String, $pagination: PaginationInput) {
    userNames(userName: $userName, pagination: $pagination) {
      list {
        id
        userName
      }
    }
  }
`);

/** Up to 20 user names starting with `prefix`, for the user picker. */
export function useUserNames(prefix: string) {
  return useQuery({
    queryKey: queryKeyFor(UserNamesQuery, {
      userName: prefix,
      pagination: { limit: 20, offset: 0 },
    }),
    queryFn: async () =>
      (await execute(UserNamesQuery, { userName: prefix, pagination: { limit: 20, offset: 0 } }))
        .userNames.list,
    enabled: prefix.trim() !== '',
    placeholderData: keepPreviousData,
    // A picker's suggestions are fine for a minute; do not refetch on each keystroke back.
    staleTime: 60_000,
  });
}
