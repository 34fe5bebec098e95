import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

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

/** One page of a send's recipients (`list`), with the send's progress (`mailSend`). */
export const mailSendRecipients = listQuery(MailSendQuery, (data) => ({
  ...data.mailRecipients,
  mailSend: data.mailSend,
}));
