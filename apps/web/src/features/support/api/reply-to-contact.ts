import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const ReplyMutation = graphql(`
  mutation ReplyToUserContact($userContactId: ID!, $body: String!) {
    postReplyToUserContact(userContactId: $userContactId, body: $body) {
      message
    }
  }
`);

/** A reply mailed to the inquirer through the outbox; it lands in the inquiry's messages. */
export function useReplyToContact() {
  return useWrite({
    mutationFn: (v: { userContactId: string; body: string }) => execute(ReplyMutation, v),
    mutation: ReplyMutation,
  });
}
