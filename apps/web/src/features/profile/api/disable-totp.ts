import { graphql } from '@/gql';
import type { DisableTotpMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const DisableTotpMutation = graphql(`
  mutation DisableTotp($password: String!) {
    postDisableTotp(password: $password) {
      message
      totpEnabled
    }
  }
`);

/** Turns two-factor authentication off; the password is asked again. */
export function useDisableTotp() {
  return useWrite({
    meta: { silentError: true },
    mutationFn: async (variables: DisableTotpMutationVariables) =>
      (await execute(DisableTotpMutation, variables)).postDisableTotp,
    mutation: DisableTotpMutation,
    changesOn: 'success',
  });
}
