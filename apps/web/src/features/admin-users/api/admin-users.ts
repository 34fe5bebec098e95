import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

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

/** Every admin account with its roles (super admins only). */
export function useAdminUsers() {
  return useQuery(documentQuery(AdminUsersQuery, (d) => d.adminUsers));
}
