import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

// Every filter of the payments list (UserPayments, lib/user-payments.ts): the file holds the rows on screen.
const TransactionsPaymentsCsvDocument = graphql(`
  query TransactionsPaymentsCsv(
    $userName: String
    $paymentStatus: String
    $confirmedAtFrom: DateTime
    $confirmedAtUntil: DateTime
    $assetFixedAtFrom: DateTime
    $assetFixedAtUntil: DateTime
    $sort: SortInput
    $version: Int
  ) {
    userPaymentsCSV(
      userName: $userName
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

/** The download link of the payments list (layout V1 or V2) with the screen's filters and sort. */
export const paymentsCsv = exportQuery(
  TransactionsPaymentsCsvDocument,
  (data) => data.userPaymentsCSV,
);
