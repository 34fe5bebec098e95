import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

// The filters' variables and arguments are USERS_SHAPE's, completed by `npm run codegen`.
const UsersDocument = graphql(`
  query Users(
    $userName: String
    $inviteCode: String
    $email: String
    $forceClubIdHash: String
    $totalBuyAmountMoreThanOrEqual: Decimal
    $totalBuyAmountLessThanOrEqual: Decimal
    $cardStatus: [Int!]
    $registeredAtFrom: DateTime
    $registeredAtUntil: DateTime
    $pagination: PaginationInput
  ) {
    users(
      userName: $userName
      inviteCode: $inviteCode
      email: $email
      forceClubIdHash: $forceClubIdHash
      totalBuyAmountMoreThanOrEqual: $totalBuyAmountMoreThanOrEqual
      totalBuyAmountLessThanOrEqual: $totalBuyAmountLessThanOrEqual
      cardStatus: $cardStatus
      registeredAtFrom: $registeredAtFrom
      registeredAtUntil: $registeredAtUntil
      pagination: $pagination
    ) {
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
