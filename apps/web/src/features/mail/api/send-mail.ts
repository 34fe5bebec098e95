import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';
import type { AudienceChoice } from './mail-preview';

const SendMail = graphql(`
  mutation SendMail(
    $notificationId: Int!
    $audience: String
    $userIds: [Int!]
    $fingerprint: String!
  ) {
    postSendMail(
      notificationId: $notificationId
      audience: $audience
      userIds: $userIds
      fingerprint: $fingerprint
    ) {
      message
      mailSendId
      recipientCount
    }
  }
`);

// Like a test mail, a send lands in the send history and in the preview's queue count.
export function useSendMail() {
  return useWrite({
    // The fingerprint of the preview the confirmation showed: the server sends exactly that
    // message to exactly those recipients, or refuses (LIST_CHANGED).
    mutationFn: async (v: { notificationId: number; fingerprint: string } & AudienceChoice) =>
      (
        await execute(SendMail, {
          notificationId: v.notificationId,
          audience: v.audience,
          userIds: v.audience === 'users' ? v.userIds : null,
          fingerprint: v.fingerprint,
        })
      ).postSendMail,
    mutation: SendMail,
  });
}
