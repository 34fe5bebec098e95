import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AddRoleToUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useInvalidate } from '@/lib/query-keys';

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
  const invalidate = useInvalidate(['AdminUsers']);
  return useMutation({
    mutationFn: async (variables: AddRoleToUserMutationVariables) =>
      (await execute(AddRoleToUserMutation, variables)).postAddRoleToUser,
    onSettled: invalidate,
  });
}
