import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const ExportBatchesQuery = graphql(`
  query WithdrawalExportBatches($kind: WithdrawalKind!, $pagination: PaginationInput) {
    withdrawalExportBatches(kind: $kind, pagination: $pagination) {
      list {
        id
        layout
        adminUserName
        createdAt
        requestCount
        fileSha256
        totals {
          coin
          transfers
          amount
        }
        files {
          layout
          fileName
          fileSha256
        }
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** A kind's export batches, newest first (who, when, count, totals, files). */
export const exportBatches = listQuery(ExportBatchesQuery, (data) => data.withdrawalExportBatches);
