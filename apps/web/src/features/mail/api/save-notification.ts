import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { useWrite } from '@/lib/use-write';

// The notification form saves a new notification or edits one: one write, two mutations.
const CreateNotification = graphql(`
  mutation CreateNotification(
    $title: String
    $content: String
    $language: String
    $isPublic: Boolean
    $notifiedAt: DateTime
  ) {
    postCreateNotification(
      title: $title
      content: $content
      language: $language
      isPublic: $isPublic
      notifiedAt: $notifiedAt
    ) {
      message
      notification {
        id
      }
    }
  }
`);

const UpdateNotification = graphql(`
  mutation UpdateNotification(
    $notificationId: Int!
    $title: String
    $content: String
    $language: String
    $isPublic: Boolean
    $notifiedAt: DateTime
  ) {
    postUpdateNotification(
      notificationId: $notificationId
      title: $title
      content: $content
      language: $language
      isPublic: $isPublic
      notifiedAt: $notifiedAt
    ) {
      message
    }
  }
`);

export type NotificationInput = {
  title: string;
  content: string;
  language: string;
  isPublic: boolean;
  /** Sent only when set: an edit without it keeps the notified-at the notification had. */
  notifiedAt?: string;
};

export function useSaveNotification() {
  return useWrite({
    mutationFn: async (v: NotificationInput & { id?: number }) => {
      const { id, ...fields } = v;
      if (id) await execute(UpdateNotification, { notificationId: id, ...fields });
      else await execute(CreateNotification, fields);
    },
    mutation: [CreateNotification, UpdateNotification],
    // The form shows a refusal beside its field; a toast as well would stay on screen after
    // the corrected form saved (issue 35).
    meta: { silentError: true },
  });
}
