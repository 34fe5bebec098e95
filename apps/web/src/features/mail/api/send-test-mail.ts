import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

const SendTestMail = graphql(`
  mutation SendTestMail($notificationId: Int!) {
    postSendTestMail(notificationId: $notificationId) {
      message
      mailSendId
      toAddress
    }
  }
`);

// A send lands in the send history (MailSends), which is refetched, and in the queue whose
// count the preview's delivery banner shows (MailPreview): without it the banner kept the
// count it had before the send ("0 waiting" while 1, then 3 were queued, issue 35).
export function useSendTestMail() {
  return useDocumentWrite(SendTestMail, (d) => d.postSendTestMail);
}
