import { graphql } from '@/gql';
import type { UpdateAdminUserProfileMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const UpdateAdminUserProfileMutation = graphql(`
  mutation UpdateAdminUserProfile(
    $email: String
    $userName: String
    $oldPassword: String
    $newPassword: String
  ) {
    postUpdateAdminUserProfile(
      email: $email
      userName: $userName
      oldPassword: $oldPassword
      newPassword: $newPassword
    ) {
      newEmail
      newUserName
      message
    }
  }
`);

/** Changes the signed-in admin's email, user name and/or password. */
export function useUpdateAdminUserProfile() {
  return useWrite({
    // The form shows field errors under the inputs itself.
    meta: { silentError: true },
    mutationFn: async (variables: UpdateAdminUserProfileMutationVariables) =>
      (await execute(UpdateAdminUserProfileMutation, variables)).postUpdateAdminUserProfile,
    // Everything showing the admin (toolbar, dashboard, this page) reloads.
    mutation: UpdateAdminUserProfileMutation,
    changesOn: 'success',
  });
}
