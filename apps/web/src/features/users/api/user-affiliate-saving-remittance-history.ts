import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const UserAffiliateSavingRemittanceHistoryQuery = graphql(`
  query UserAffiliateSavingRemittanceHistory($userId: Int!, $pagination: PaginationInput) {
    userAffiliateSavingRemittanceHistory(userId: $userId, pagination: $pagination) {
      remittances {
        id
        confirmedAt
        sentHec
        hecPrincipal
        atemPrincipal
        usdValuation
        address
      }
      totalSentHec
      totalHecPrincipal
      totalAtemPrincipal
      totalUsdValuation
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of the user's remittances (`remittances`), with the totals over all of them. */
export const userAffiliateSavingRemittanceHistory = listQuery(
  UserAffiliateSavingRemittanceHistoryQuery,
  (data) => ({
    ...data.userAffiliateSavingRemittanceHistory,
    list: data.userAffiliateSavingRemittanceHistory.remittances,
  }),
);
