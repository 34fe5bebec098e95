import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const NoteMutation = graphql(`
  mutation AddNoteToUserContact($userContactId: ID!, $body: String!) {
    postAddNoteToUserContact(userContactId: $userContactId, body: $body) {
      message
    }
  }
`);

/** An internal note on an inquiry: other admins see it, the inquirer never does. */
export function useAddContactNote() {
  return useWrite({
    mutationFn: (v: { userContactId: string; body: string }) => execute(NoteMutation, v),
    mutation: NoteMutation,
  });
}
