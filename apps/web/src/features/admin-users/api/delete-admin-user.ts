import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

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
  return useDocumentWrite(DeleteAdminUserMutation, (d) => d.postDeleteAdminUser);
}
