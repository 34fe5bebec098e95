import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DeleteAdminUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { adminUsersQueryKey } from './admin-users';

const DeleteAdminUserMutation = graphql(`
  mutation DeleteAdminUser($userId: Int!) {
    postDeleteAdminUser(userId: $userId) {
      message
      deletedUserId
    }
  }
`);

/** Deletes another admin account. */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: DeleteAdminUserMutationVariables) =>
      (await execute(DeleteAdminUserMutation, variables)).postDeleteAdminUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
