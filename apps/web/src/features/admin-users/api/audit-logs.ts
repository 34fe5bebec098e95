import { graphql } from '@/gql';
import { exportQuery, listQuery } from '@/lib/list-query';

const AuditLogsQuery = graphql(`
  query AuditLogs($adminUserId: Int, $pagination: PaginationInput) {
    auditLogs(adminUserId: $adminUserId, pagination: $pagination) {
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
  query AuditLogsCsv($adminUserId: Int, $sort: SortInput) {
    auditLogsCsv(adminUserId: $adminUserId, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the audit log with the view's filters and sort. */
export const auditLogsCsv = exportQuery(AuditLogsCsvQuery, (data) => data.auditLogsCsv);
