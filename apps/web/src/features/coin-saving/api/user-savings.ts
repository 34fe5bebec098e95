import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const UserSavingsDocument = graphql(`
  query UserSavings($userName: String, $pagination: PaginationInput) {
    userSavings(userName: $userName, pagination: $pagination) {
      list {
        userSavingSentValueId
        userName
        planName
        address
        amountHEC
        amountUSD
        transactionHash
        confirmedAt
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of coin-saving remittances of all users, by user name and plan name. */
export const userSavings = listQuery(UserSavingsDocument, (data) => data.userSavings);
