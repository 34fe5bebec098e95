import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ConfirmTotpEnrollmentMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { useInvalidate } from '@/lib/query-keys';

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
  const invalidate = useInvalidate(['MyProfile']);
  return useMutation({
    meta: { silentError: true },
    mutationFn: async (variables: ConfirmTotpEnrollmentMutationVariables) =>
      (await execute(ConfirmTotpEnrollmentMutation, variables)).postConfirmTotpEnrollment,
    onSuccess: invalidate,
  });
}
