import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

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
