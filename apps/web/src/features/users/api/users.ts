import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

// The user's own figures as the list's rows show them; the detail page's general section shows
// the same and more.
graphql(`
  fragment UserSummary on User {
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
  }
`);

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
        ...UserSummary
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
