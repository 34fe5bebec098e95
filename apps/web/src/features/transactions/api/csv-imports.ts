import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const TransactionsCsvImportsQuery = graphql(`
  query TransactionsCsvImports($kinds: [String!]!, $pagination: PaginationInput) {
    csvImports(kinds: $kinds, pagination: $pagination) {
      list {
        id
        kind
        fileName
        contentHash
        rowCount
        appliedCount
        adminUserName
        importedAt
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of the applied imports of the asked kinds, newest first (the import history). */
export const csvImports = listQuery(TransactionsCsvImportsQuery, (data) => data.csvImports);
