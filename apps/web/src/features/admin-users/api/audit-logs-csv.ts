import { graphql } from '@/gql';
import type { AuditLogsCsvQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const AuditLogsCsvQuery = graphql(`
  query AuditLogsCsv(
    $adminUserId: Int
    $operation: String
    $targetId: String
    $dateFrom: DateTime
    $dateUntil: DateTime
  ) {
    auditLogsCsv(
      adminUserId: $adminUserId
      operation: $operation
      targetId: $targetId
      dateFrom: $dateFrom
      dateUntil: $dateUntil
    ) {
      url
      fileName
    }
  }
`);

/** The download link of the audit log with the view's filters. */
export async function auditLogsCsvLink(variables: AuditLogsCsvQueryVariables) {
  return (await execute(AuditLogsCsvQuery, variables)).auditLogsCsv;
}
