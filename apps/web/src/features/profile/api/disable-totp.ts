import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

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
  return useDocumentWrite(DisableTotpMutation, (d) => d.postDisableTotp, {
    meta: { silentError: true },
    changesOn: 'success',
  });
}
