import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

const ReplyMutation = graphql(`
  mutation ReplyToUserContact($userContactId: ID!, $body: String!) {
    postReplyToUserContact(userContactId: $userContactId, body: $body) {
      message
    }
  }
`);

/** A reply mailed to the inquirer through the outbox; it lands in the inquiry's messages. */
export function useReplyToContact() {
  return useDocumentWrite(ReplyMutation, (d) => d.postReplyToUserContact);
}
