import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AuditLogsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const AuditLogsQuery = graphql(`
  query AuditLogs(
    $adminUserId: Int
    $operation: String
    $targetId: String
    $dateFrom: DateTime
    $dateUntil: DateTime
    $pagination: PaginationInput
  ) {
    auditLogs(
      adminUserId: $adminUserId
      operation: $operation
      targetId: $targetId
      dateFrom: $dateFrom
      dateUntil: $dateUntil
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
        limit
        offset
        totalRecords
      }
    }
  }
`);

/** One page of the audit trail with filters (super admins only). */
export function useAuditLogs(variables: AuditLogsQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(AuditLogsQuery, variables),
    queryFn: async () => (await execute(AuditLogsQuery, variables)).auditLogs,
    placeholderData: keepPreviousData,
  });
}
