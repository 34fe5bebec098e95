import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { PaginationVariables } from '@/lib/list-state';
import { listQuery } from '@/lib/list-query';
import { documentQuery } from '@/lib/document-query';

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

/** One page of notifications, newest notified first (the notification screen's list). */
export const notifications = listQuery(NotificationsQuery, (data) => data.notifications);

function useNotifications(pagination: PaginationVariables) {
  return useQuery({
    ...documentQuery(NotificationsQuery, (d) => d.notifications, { pagination }),
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
