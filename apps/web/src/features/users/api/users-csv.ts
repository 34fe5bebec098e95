import { graphql } from '@/gql';
import type { UsersCsvQueryVariables, UserPaymentsCsvQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const UsersCsvQuery = graphql(`
  query UsersCsv(
    $userName: String
    $inviteCode: String
    $email: String
    $forceClubIdHash: String
    $totalBuyAmountMoreThanOrEqual: Decimal
    $totalBuyAmountLessThanOrEqual: Decimal
    $cardStatus: [Int!]
    $registeredAtFrom: DateTime
    $registeredAtUntil: DateTime
    $sort: SortInput
  ) {
    usersCSV(
      userName: $userName
      inviteCode: $inviteCode
      email: $email
      forceClubIdHash: $forceClubIdHash
      totalBuyAmountMoreThanOrEqual: $totalBuyAmountMoreThanOrEqual
      totalBuyAmountLessThanOrEqual: $totalBuyAmountLessThanOrEqual
      cardStatus: $cardStatus
      registeredAtFrom: $registeredAtFrom
      registeredAtUntil: $registeredAtUntil
      sort: $sort
    ) {
      url
      fileName
    }
  }
`);

const UserPaymentsCsvQuery = graphql(`
  query UserPaymentsCsv(
    $userId: Int
    $paymentStatus: String
    $confirmedAtFrom: DateTime
    $confirmedAtUntil: DateTime
    $assetFixedAtFrom: DateTime
    $assetFixedAtUntil: DateTime
    $sort: SortInput
    $version: Int
  ) {
    userPaymentsCSV(
      userId: $userId
      paymentStatus: $paymentStatus
      confirmedAtFrom: $confirmedAtFrom
      confirmedAtUntil: $confirmedAtUntil
      assetFixedAtFrom: $assetFixedAtFrom
      assetFixedAtUntil: $assetFixedAtUntil
      sort: $sort
      version: $version
    ) {
      url
      fileName
    }
  }
`);

/** The download link of the users list with the screen's filters and sort. */
export async function usersCsvLink(variables: UsersCsvQueryVariables) {
  return (await execute(UsersCsvQuery, variables)).usersCSV;
}

/** The download link of payments (layout V1 or V2) with the screen's filters and sort. */
export async function userPaymentsCsvLink(variables: UserPaymentsCsvQueryVariables) {
  return (await execute(UserPaymentsCsvQuery, variables)).userPaymentsCSV;
}
