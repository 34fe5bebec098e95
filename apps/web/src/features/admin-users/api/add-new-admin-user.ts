import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

const AddNewAdminUserMutation = graphql(`
  mutation AddNewAdminUser($userName: String!, $email: String!, $roles: [String!]!) {
    postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {
      message
      oneTimePassword
      pendingGrants {
        id
        role
      }
      user {
        id
        userName
        email
      }
    }
  }
`);

/** Creates an admin; the answer carries the one-time password, shown once. */
export function useAddNewAdminUser() {
  return useDocumentWrite(AddNewAdminUserMutation, (d) => d.postAddNewAdminUser, {
    // The dialog shows field errors under the inputs itself.
    meta: { silentError: true },
    changesOn: 'success',
  });
}
