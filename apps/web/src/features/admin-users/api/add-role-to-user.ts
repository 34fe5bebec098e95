import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AddRoleToUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { adminUsersQueryKey } from './admin-users';

const AddRoleToUserMutation = graphql(`
  mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {
    postAddRoleToUser(userId: $userId, roles: $roles) {
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

/** Gives an admin more roles. */
export function useAddRoleToUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: AddRoleToUserMutationVariables) =>
      (await execute(AddRoleToUserMutation, variables)).postAddRoleToUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
