import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import type { PaginationVariables } from '@/lib/list-state';
import { listQuery } from '@/lib/list-query';
import { queryKeyFor } from '@/lib/query-keys';
import { useWrite } from '@/lib/use-write';

const NotificationsQuery = graphql(`
  query Notifications($pagination: PaginationInput) {
    notifications(pagination: $pagination) {
      list {
        id
        title
        content
        language
        isPublic
        notifiedAt
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

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

const DeleteNotification = graphql(`
  mutation DeleteNotification($notificationId: Int!) {
    postDeleteNotification(notificationId: $notificationId) {
      message
    }
  }
`);

const MailPreviewQuery = graphql(`
  query MailPreview($notificationId: Int!, $audience: String, $userIds: [Int!]) {
    mailPreview(notificationId: $notificationId, audience: $audience, userIds: $userIds) {
      subject
      body
      language
      recipientCount
      fingerprint
      namedUsers {
        id
        userName
        email
      }
    }
    mailDelivery {
      smtpConfigured
      queued
    }
  }
`);

// Recipients are found by name or by email (prefix, case-insensitive), the users list's own
// filters; the two answers are merged.
const MailUserSearchQuery = graphql(`
  query MailUserSearch($text: String!) {
    byName: users(
      userName: $text
      pagination: { limit: 10, sort: { target: "userName", orderBy: ASC } }
    ) {
      list {
        id
        userName
        aubeUserInfo {
          email
        }
      }
    }
    byEmail: users(
      email: $text
      pagination: { limit: 10, sort: { target: "email", orderBy: ASC } }
    ) {
      list {
        id
        userName
        aubeUserInfo {
          email
        }
      }
    }
  }
`);

const SendTestMail = graphql(`
  mutation SendTestMail($notificationId: Int!) {
    postSendTestMail(notificationId: $notificationId) {
      message
      mailSendId
      toAddress
    }
  }
`);

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

const MailSendQuery = graphql(`
  query MailSendStatus($mailSendId: ID!, $pagination: PaginationInput) {
    mailSend(mailSendId: $mailSendId) {
      id
      audience
      subject
      recipientCount
      createdAt
      counts {
        queued
        sending
        sent
        failed
      }
    }
    mailRecipients(mailSendId: $mailSendId, pagination: $pagination) {
      list {
        id
        toAddress
        userName
        status
        attempts
        smtpResponse
        sentAt
      }
      pagination {
        offset
        totalRecords
      }
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

/** One page of notifications, newest notified first (the notification screen's list). */
export const notifications = listQuery(NotificationsQuery, (data) => data.notifications);

function useNotifications(pagination: PaginationVariables) {
  return useQuery({
    queryKey: queryKeyFor(NotificationsQuery, { pagination }),
    queryFn: async () => (await execute(NotificationsQuery, { pagination })).notifications,
    placeholderData: keepPreviousData,
  });
}

/** Notifications the send screen's chooser shows at a time (issue 26: it pages through all). */
export const NOTIFICATION_CHOICES_PAGE = 100;

/** One page of the send screen's choice, newest first: page 0 holds the newest 100. */
export function useNotificationChoices(page = 0) {
  return useNotifications({
    limit: NOTIFICATION_CHOICES_PAGE,
    offset: page * NOTIFICATION_CHOICES_PAGE,
  });
}

export function useSaveNotification() {
  return useWrite({
    mutationFn: async (v: NotificationInput & { id?: number }) => {
      const { id, ...fields } = v;
      if (id) await execute(UpdateNotification, { notificationId: id, ...fields });
      else await execute(CreateNotification, fields);
    },
    changes: ['Notifications'],
  });
}

export function useDeleteNotification() {
  return useWrite({
    mutationFn: (notificationId: number) => execute(DeleteNotification, { notificationId }),
    changes: ['Notifications'],
  });
}

export type AudienceChoice = { audience: 'locale' | 'users'; userIds: number[] };

/** A user chosen as a recipient, as the picker and the preview show them. */
export type MailUser = { id: number; userName: string; email: string };

/** Users whose name or email starts with `text` (name matches first), for the recipient picker. */
export function useMailUserSearch(text: string) {
  return useQuery({
    queryKey: queryKeyFor(MailUserSearchQuery, { text }),
    queryFn: async (): Promise<MailUser[]> => {
      const found = await execute(MailUserSearchQuery, { text });
      const users = new Map<number, MailUser>();
      for (const u of [...found.byName.list, ...found.byEmail.list]) {
        if (!users.has(u.id))
          users.set(u.id, { id: u.id, userName: u.userName, email: u.aubeUserInfo.email });
      }
      return [...users.values()];
    },
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useMailPreview(notificationId: number | null, audience: AudienceChoice) {
  const variables = {
    notificationId: notificationId!,
    audience: audience.audience,
    userIds: audience.audience === 'users' ? audience.userIds : null,
  };
  return useQuery({
    queryKey: queryKeyFor(MailPreviewQuery, variables),
    queryFn: () => execute(MailPreviewQuery, variables),
    enabled:
      notificationId !== null && (audience.audience === 'locale' || audience.userIds.length > 0),
  });
}

// A send lands in the send history (MailSends), which is refetched, and in the queue whose
// count the preview's delivery banner shows (MailPreview): without it the banner kept the
// count it had before the send ("0 waiting" while 1, then 3 were queued, issue 35).
export function useSendTestMail() {
  return useWrite({
    mutationFn: async (notificationId: number) =>
      (await execute(SendTestMail, { notificationId })).postSendTestMail,
    changes: ['MailSends', 'MailPreview'],
  });
}

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
    changes: ['MailSends', 'MailPreview'],
  });
}

/** One page of a send's recipients (`list`), with the send's progress (`mailSend`). */
export const mailSendRecipients = listQuery(MailSendQuery, (data) => ({
  ...data.mailRecipients,
  mailSend: data.mailSend,
}));
