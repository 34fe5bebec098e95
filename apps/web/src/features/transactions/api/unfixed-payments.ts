import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const UnfixedPaymentsQuery = graphql(`
  query TransactionsUnfixed(
    $confirmedAtFrom: DateTime
    $confirmedAtUntil: DateTime!
    $pagination: PaginationInput
  ) {
    assetUnFixedPayments(
      confirmedAtFrom: $confirmedAtFrom
      confirmedAtUntil: $confirmedAtUntil
      pagination: $pagination
    ) {
      list {
        userPaymentId
        userName
        planName
        paidBtc
        confirmedAt
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** The payments of a rate window that are not fixed yet: what an assignment would fix. */
export const unfixedPayments = listQuery(UnfixedPaymentsQuery, (data) => data.assetUnFixedPayments);
