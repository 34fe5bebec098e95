import { graphql } from '@/gql';
import type { AddRoleToUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

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
  return useWrite({
    mutationFn: async (variables: AddRoleToUserMutationVariables) =>
      (await execute(AddRoleToUserMutation, variables)).postAddRoleToUser,
    mutation: AddRoleToUserMutation,
  });
}
