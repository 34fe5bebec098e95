import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ConfirmTotpEnrollmentMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { myProfileQueryKey } from './my-profile';

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
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: async (variables: ConfirmTotpEnrollmentMutationVariables) =>
      (await execute(ConfirmTotpEnrollmentMutation, variables)).postConfirmTotpEnrollment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileQueryKey }),
  });
}
