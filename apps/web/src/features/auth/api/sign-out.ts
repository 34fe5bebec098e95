import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';

const SignOutMutation = graphql(`
  mutation SignOut {
    postSignOut
  }
`);

/** Revokes the token on the server; the caller clears it locally whatever the outcome. */
export function useSignOut() {
  return useMutation({
    // The caller shows the outcome itself; no global toast or dialog.
    meta: { silentError: true },
    mutationFn: async () => (await execute(SignOutMutation)).postSignOut,
  });
}
