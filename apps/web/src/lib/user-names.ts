import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from './document-query';

// One document for every user picker (add payment, reward snapshot, referral): the id and
// name of users whose name starts with what was typed.
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

/** Up to 20 users (id and name) whose name starts with `prefix`, for a user picker. */
export function useUserNames(prefix: string) {
  const variables = { userName: prefix, pagination: { limit: 20, offset: 0 } };
  return useQuery({
    ...documentQuery(UserNamesQuery, (d) => d.userNames.list, variables),
    enabled: prefix.trim() !== '',
    placeholderData: keepPreviousData,
    // A picker's suggestions are fine for a minute; do not refetch on each keystroke back.
    staleTime: 60_000,
  });
}
