import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const UserHecSavingRemittanceHistoryQuery = graphql(`
  query UserHecSavingRemittanceHistory($userId: Int!, $pagination: PaginationInput) {
    userHecSavingRemittanceHistory(userId: $userId, pagination: $pagination) {
      remittances {
        id
        confirmedAt
        planName
        sentHec
        usdValue
        address
        transactionHash
      }
      totalSentHec
      totalOneYearPlanHec
      totalTwoYearsPlanHec
      totalThreeYearsPlanHec
      totalFiveYearsPlanHec
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of the user's remittances (`remittances`), with the totals over all of them. */
export const userHecSavingRemittanceHistory = listQuery(
  UserHecSavingRemittanceHistoryQuery,
  (data) => ({
    ...data.userHecSavingRemittanceHistory,
    list: data.userHecSavingRemittanceHistory.remittances,
  }),
);
