import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

const DeleteNotification = graphql(`
  mutation DeleteNotification($notificationId: Int!) {
    postDeleteNotification(notificationId: $notificationId) {
      message
    }
  }
`);

export function useDeleteNotification() {
  return useWrite({
    mutationFn: (notificationId: number) => execute(DeleteNotification, { notificationId }),
    mutation: DeleteNotification,
  });
}
