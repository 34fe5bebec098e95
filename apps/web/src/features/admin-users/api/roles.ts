import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const RolesQuery = graphql(`
  query Roles {
    roles {
      name
      description
    }
  }
`);

/** The roles an admin can have, with descriptions (spec section 6: fetched from the server). */
export function useRoles() {
  return useQuery({
    queryKey: queryKeyFor(RolesQuery),
    queryFn: async () => (await execute(RolesQuery)).roles,
    staleTime: 5 * 60_000,
  });
}
