import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

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

/** The download link of payments (layout V1 or V2) with the screen's filters and sort. */
export const userPaymentsCsv = exportQuery(UserPaymentsCsvQuery, (data) => data.userPaymentsCSV);
