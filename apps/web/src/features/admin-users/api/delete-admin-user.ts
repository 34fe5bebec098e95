import { graphql } from '@/gql';
import type { DeleteAdminUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

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
  return useWrite({
    mutationFn: async (variables: DeleteAdminUserMutationVariables) =>
      (await execute(DeleteAdminUserMutation, variables)).postDeleteAdminUser,
    mutation: DeleteAdminUserMutation,
  });
}
