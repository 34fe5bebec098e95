import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import type { PaginationVariables } from '@/lib/list-state';
import { queryKeyFor } from '@/lib/query-keys';

const MailSendsQuery = graphql(`
  query MailSends($notificationId: Int, $pagination: PaginationInput) {
    mailSends(notificationId: $notificationId, pagination: $pagination) {
      list {
        id
        notificationId
        subject
        audience
        language
        recipientCount
        createdAt
        createdBy
        counts {
          queued
          sending
          sent
          failed
        }
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/**
 * One page of earlier sends (of one notification, or of all without one), newest first, with
 * their counts; polled while one of them is still delivering.
 */
export function useMailSends(notificationId: number | null, pagination: PaginationVariables) {
  const variables = { notificationId, pagination };
  return useQuery({
    queryKey: queryKeyFor(MailSendsQuery, variables),
    queryFn: async () => (await execute(MailSendsQuery, variables)).mailSends,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((s) => s.counts.queued + s.counts.sending > 0) ? 2000 : false,
  });
}
