import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

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
        offset
        totalRecords
      }
    }
  }
`);

/** One page of earlier sends (of one notification, or of all without one), newest first. */
export const mailSends = listQuery(MailSendsQuery, (data) => data.mailSends);
