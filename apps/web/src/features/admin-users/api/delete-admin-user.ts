import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DeleteAdminUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useInvalidate } from '@/lib/query-keys';

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
  const invalidate = useInvalidate(['AdminUsers']);
  return useMutation({
    mutationFn: async (variables: DeleteAdminUserMutationVariables) =>
      (await execute(DeleteAdminUserMutation, variables)).postDeleteAdminUser,
    onSettled: invalidate,
  });
}
