import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

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
    ...documentQuery(RolesQuery, (d) => d.roles),
    staleTime: 5 * 60_000,
  });
}
