import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

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
  return useDocumentWrite(DeleteRoleFromUserMutation, (d) => d.postDeleteRoleFromUser);
}
