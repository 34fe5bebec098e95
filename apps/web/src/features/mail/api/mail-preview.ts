import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

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

export type AudienceChoice = { audience: 'locale' | 'users'; userIds: number[] };

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
