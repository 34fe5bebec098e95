import { graphql } from '@/gql';
import { request } from '@/lib/graphql-client';

const SignOutMutation = graphql(`
  mutation SignOut {
    postSignOut
  }
`);

/**
 * Revokes the token on the server; the caller clears it locally whatever the outcome. A plain
 * call, not a react-query mutation: the shell signs out, and the mutation machinery would be
 * the only reason its first load carried that chunk (the dashboard's 200 KiB budget).
 */
export async function signOut(): Promise<void> {
  // An ended session is what signing out ends: no sign-in dialog for its auth error.
  await request(SignOutMutation, {}, { signInDialog: false });
}
