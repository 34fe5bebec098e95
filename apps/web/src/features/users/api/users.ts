import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

// USERS_SHAPE's other filters are added by codegen and the build (scripts/codegen.ts).
const UsersDocument = graphql(`
  query Users($userName: String, $pagination: PaginationInput) {
    users(userName: $userName, pagination: $pagination) {
      list {
        id
        userName
        inviteCode
        cardStatus
        totalHECStakedAmount
        totalETHStakedAmount
        totalBuyAmountUsd
        savingRewardsRate
        referralRate
        registeredAt
        totalSentAmount
        totalOwl
        aubeUserInfo {
          email
          aubeUserIdHash
          firstName
          lastName
          forceClubIdHash
        }
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of the users list with its total. */
export const users = listQuery(UsersDocument, (data) => data.users);
