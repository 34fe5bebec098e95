import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';

const StartTotpEnrollmentMutation = graphql(`
  mutation StartTotpEnrollment {
    postStartTotpEnrollment {
      secret
      otpauthUri
      qrCodeDataUrl
    }
  }
`);

/** Asks the server for a new two-factor secret and its QR code. */
export function useStartTotpEnrollment() {
  return useMutation({
    mutationFn: async () => (await execute(StartTotpEnrollmentMutation)).postStartTotpEnrollment,
  });
}
