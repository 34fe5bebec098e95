import { graphql } from '@/gql';
import type { AddNewAdminUserMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

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
  return useWrite({
    // The dialog shows field errors under the inputs itself.
    meta: { silentError: true },
    mutationFn: async (variables: AddNewAdminUserMutationVariables) =>
      (await execute(AddNewAdminUserMutation, variables)).postAddNewAdminUser,
    mutation: AddNewAdminUserMutation,
    changesOn: 'success',
  });
}
