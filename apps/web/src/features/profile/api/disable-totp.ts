import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DisableTotpMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useInvalidate } from '@/lib/query-keys';

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
  const invalidate = useInvalidate(['MyProfile']);
  return useMutation({
    meta: { silentError: true },
    mutationFn: async (variables: DisableTotpMutationVariables) =>
      (await execute(DisableTotpMutation, variables)).postDisableTotp,
    onSuccess: invalidate,
  });
}
