import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const AdminUsersQuery = graphql(`
  query AdminUsers {
    adminUsers {
      id
      userName
      email
      mustChangePassword
      totpEnabled
      roles {
        name
        description
      }
    }
  }
`);

const adminUsersQueryKey = queryKeyFor(AdminUsersQuery);

/** Every admin account with its roles (super admins only). */
export function useAdminUsers() {
  return useQuery({
    queryKey: adminUsersQueryKey,
    queryFn: async () => (await execute(AdminUsersQuery)).adminUsers,
  });
}
