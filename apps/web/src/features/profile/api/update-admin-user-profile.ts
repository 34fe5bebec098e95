import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

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
  return useDocumentWrite(UpdateAdminUserProfileMutation, (d) => d.postUpdateAdminUserProfile, {
    // The form shows field errors under the inputs itself.
    meta: { silentError: true },
    // Everything showing the admin (toolbar, dashboard, this page) reloads.
    changesOn: 'success',
  });
}
