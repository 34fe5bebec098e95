import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const RewardSnapshotUserNamesQuery = graphql(`
  query RewardSnapshotUserNames($userName: String, $pagination: PaginationInput) {
    userNames(userName: $userName, pagination: $pagination) {
      list {
        id
        userName
      }
    }
  }
`);

/** Up to 20 users whose name starts with `prefix` (id and name), for the reward snapshot's picker. */
export function useRewardSnapshotUserNames(prefix: string) {
  const variables = { userName: prefix, pagination: { limit: 20, offset: 0 } };
  return useQuery({
    queryKey: queryKeyFor(RewardSnapshotUserNamesQuery, variables),
    queryFn: async () => (await execute(RewardSnapshotUserNamesQuery, variables)).userNames.list,
    enabled: prefix.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
