import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '../graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const CurrentAdminQuery = graphql(`
  query CurrentAdmin {
    adminUser {
      id
      userName
      email
      roles {
        name
        description
      }
    }
  }
`);

export const currentAdminQueryKey = queryKeyFor(CurrentAdminQuery);

/** The signed-in admin; shared by the shell, the dashboard and the profile page. */
export function useCurrentAdmin() {
  return useQuery({
    queryKey: currentAdminQueryKey,
    queryFn: async () => (await execute(CurrentAdminQuery)).adminUser,
    staleTime: 60_000,
  });
}
