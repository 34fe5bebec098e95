import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';
import { documentQuery } from '@/lib/document-query';

const ReferralTreeQuery = graphql(`
  query ReferralTree($userName: String, $userId: Int, $childrenLimit: Int, $childrenOffset: Int) {
    referralTree(
      userName: $userName
      userId: $userId
      childrenLimit: $childrenLimit
      childrenOffset: $childrenOffset
    ) {
      parent {
        id
        userName
        registeredAt
        childrenCount
        descendantsCount
      }
      user {
        id
        userName
        registeredAt
        childrenCount
        descendantsCount
      }
      children {
        id
        userName
        registeredAt
        childrenCount
        descendantsCount
      }
      totalChildren
      childrenLimit
      childrenOffset
    }
  }
`);

/** Children fetched per request; a level is expanded page by page, never the whole tree. */
const CHILDREN_PAGE = 50;

/** Parent, user and the first page of children of the user picked by name. */
export function useReferralTree(userName: string) {
  const variables = { userName, childrenLimit: CHILDREN_PAGE, childrenOffset: 0 };
  return useQuery({
    ...documentQuery(ReferralTreeQuery, (d) => d.referralTree, variables),
    enabled: userName !== '',
  });
}

/** The children of one node, loaded when it is expanded, a page at a time. */
export function useReferralChildren(userId: number, enabled: boolean, pageSize = CHILDREN_PAGE) {
  return useInfiniteQuery({
    // One entry per node and page size; each page's offset is the page parameter.
    queryKey: queryKeyFor(ReferralTreeQuery, { userId, childrenLimit: pageSize }),
    queryFn: async ({ pageParam }) =>
      (
        await execute(ReferralTreeQuery, {
          userId,
          childrenLimit: pageSize,
          childrenOffset: pageParam,
        })
      ).referralTree,
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.childrenOffset + last.children.length;
      return next < last.totalChildren ? next : undefined;
    },
    enabled,
  });
}
