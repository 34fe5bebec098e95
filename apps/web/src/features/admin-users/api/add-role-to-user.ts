import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

const AddRoleToUserMutation = graphql(`
  mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {
    postAddRoleToUser(userId: $userId, roles: $roles) {
      message
      pendingGrants {
        id
        role
      }
      user {
        id
        roles {
          name
        }
      }
    }
  }
`);

/** Gives an admin more roles. */
export function useAddRoleToUser() {
  return useDocumentWrite(AddRoleToUserMutation, (d) => d.postAddRoleToUser);
}
