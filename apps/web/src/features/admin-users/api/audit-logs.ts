import { graphql } from '@/gql';
import { exportQuery, listQuery } from '@/lib/list-query';

const AuditLogsQuery = graphql(`
  query AuditLogs(
    $adminUserId: Int
    $operation: String
    $targetType: String
    $targetId: String
    $dateFrom: DateTime
    $dateUntil: DateTime
    $refusals: Boolean
    $pagination: PaginationInput
  ) {
    auditLogs(
      adminUserId: $adminUserId
      operation: $operation
      targetType: $targetType
      targetId: $targetId
      dateFrom: $dateFrom
      dateUntil: $dateUntil
      refusals: $refusals
      pagination: $pagination
    ) {
      list {
        id
        occurredAt
        adminUserId
        adminUserName
        operation
        targetType
        targetIds
        summary
        requestId
        ip
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of the audit trail with filters (super admins only). */
export const auditLogs = listQuery(AuditLogsQuery, (data) => data.auditLogs);

const AuditLogsCsvQuery = graphql(`
  query AuditLogsCsv(
    $adminUserId: Int
    $operation: String
    $targetType: String
    $targetId: String
    $dateFrom: DateTime
    $dateUntil: DateTime
    $refusals: Boolean
    $sort: SortInput
  ) {
    auditLogsCsv(
      adminUserId: $adminUserId
      operation: $operation
      targetType: $targetType
      targetId: $targetId
      dateFrom: $dateFrom
      dateUntil: $dateUntil
      refusals: $refusals
      sort: $sort
    ) {
      url
      fileName
    }
  }
`);

/** The download link of the audit log with the view's filters and sort. */
export const auditLogsCsv = exportQuery(AuditLogsCsvQuery, (data) => data.auditLogsCsv);
