import { useMutation, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { documentQuery } from '@/lib/document-query';

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

/** The signed-in admin's own live sessions, the most recently used first. */
export function useMySessions() {
  return useQuery(documentQuery(MySessionsQuery, (d) => d.adminSessions));
}

/** Ends every session of the admin, this one included. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => (await execute(SignOutEverywhereMutation)).postSignOutEverywhere,
  });
}
