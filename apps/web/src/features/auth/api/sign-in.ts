import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { SignInMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const SignInMutation = graphql(`
  mutation SignIn($email: String!, $password: String!, $totpCode: String) {
    postSignIn(email: $email, password: $password, totpCode: $totpCode) {
      message
      accessToken
      user {
        id
        userName
        email
      }
    }
  }
`);

/** Signs in and returns the new access token with the admin it belongs to. */
export function useSignIn() {
  return useMutation({
    // The caller shows the outcome itself; no global toast or dialog.
    meta: { silentError: true },
    mutationFn: async (variables: SignInMutationVariables) =>
      (await execute(SignInMutation, variables)).postSignIn,
  });
}
