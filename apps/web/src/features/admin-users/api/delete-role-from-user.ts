import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DeleteRoleFromUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useInvalidate } from '@/lib/query-keys';

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
  const invalidate = useInvalidate(['AdminUsers']);
  return useMutation({
    mutationFn: async (variables: DeleteRoleFromUserMutationVariables) =>
      (await execute(DeleteRoleFromUserMutation, variables)).postDeleteRoleFromUser,
    onSettled: invalidate,
  });
}
