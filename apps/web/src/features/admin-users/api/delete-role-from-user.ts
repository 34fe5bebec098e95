import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DeleteRoleFromUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { adminUsersQueryKey } from './admin-users';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: DeleteRoleFromUserMutationVariables) =>
      (await execute(DeleteRoleFromUserMutation, variables)).postDeleteRoleFromUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
