import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

// The filters' variables and arguments are USERS_SHAPE's, completed by `npm run codegen`.
const UsersCsvDocument = graphql(`
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

/** The download link of the users list with the screen's filters and sort. */
export const usersCsv = exportQuery(UsersCsvDocument, (data) => data.usersCSV);
