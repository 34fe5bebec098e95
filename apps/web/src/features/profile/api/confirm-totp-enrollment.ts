import { graphql } from '@/gql';
import type { ConfirmTotpEnrollmentMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const ConfirmTotpEnrollmentMutation = graphql(`
  mutation ConfirmTotpEnrollment($totpCode: String!) {
    postConfirmTotpEnrollment(totpCode: $totpCode) {
      message
      totpEnabled
    }
  }
`);

/** Turns two-factor authentication on with a code from the authenticator app. */
export function useConfirmTotpEnrollment() {
  return useWrite({
    meta: { silentError: true },
    mutationFn: async (variables: ConfirmTotpEnrollmentMutationVariables) =>
      (await execute(ConfirmTotpEnrollmentMutation, variables)).postConfirmTotpEnrollment,
    mutation: ConfirmTotpEnrollmentMutation,
    changesOn: 'success',
  });
}
