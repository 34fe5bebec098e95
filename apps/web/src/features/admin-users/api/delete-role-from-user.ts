import { graphql } from '@/gql';
import type { DeleteRoleFromUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const DeleteRoleFromUserMutation = graphql(`
  mutation DeleteRoleFromUser($userId: Int!, $roles: [String!]!) {
    postDeleteRoleFromUser(userId: $userId, roles: $roles) {
      message
      user {
        id
        roles {
          name
        }
      }
    }
  }
`);

/** Takes roles away from an admin. */
export function useDeleteRoleFromUser() {
  return useWrite({
    mutationFn: async (variables: DeleteRoleFromUserMutationVariables) =>
      (await execute(DeleteRoleFromUserMutation, variables)).postDeleteRoleFromUser,
    mutation: DeleteRoleFromUserMutation,
  });
}
