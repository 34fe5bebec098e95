import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';

const DeleteNotification = graphql(`
  mutation DeleteNotification($notificationId: Int!) {
    postDeleteNotification(notificationId: $notificationId) {
      message
    }
  }
`);

export function useDeleteNotification() {
  return useDocumentWrite(DeleteNotification, (d) => d.postDeleteNotification);
}
