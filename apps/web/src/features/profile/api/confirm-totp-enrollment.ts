import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

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
  return useDocumentWrite(ConfirmTotpEnrollmentMutation, (d) => d.postConfirmTotpEnrollment, {
    meta: { silentError: true },
    changesOn: 'success',
  });
}
