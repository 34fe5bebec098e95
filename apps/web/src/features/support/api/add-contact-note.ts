import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

const NoteMutation = graphql(`
  mutation AddNoteToUserContact($userContactId: ID!, $body: String!) {
    postAddNoteToUserContact(userContactId: $userContactId, body: $body) {
      message
    }
  }
`);

/** An internal note on an inquiry: other admins see it, the inquirer never does. */
export function useAddContactNote() {
  return useDocumentWrite(NoteMutation, (d) => d.postAddNoteToUserContact);
}
