import { useMutation, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const MySessionsQuery = graphql(`
  query MySessions {
    adminSessions {
      id
      createdAt
      lastUsedAt
      expiresAt
      ip
      userAgent
      current
    }
  }
`);

const SignOutEverywhereMutation = graphql(`
  mutation SignOutEverywhere {
    postSignOutEverywhere
  }
`);

const mySessionsQueryKey = queryKeyFor(MySessionsQuery);

/** The signed-in admin's own live sessions, the most recently used first. */
export function useMySessions() {
  return useQuery({
    queryKey: mySessionsQueryKey,
    queryFn: async () => (await execute(MySessionsQuery)).adminSessions,
  });
}

/** Ends every session of the admin, this one included. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => (await execute(SignOutEverywhereMutation)).postSignOutEverywhere,
  });
}
