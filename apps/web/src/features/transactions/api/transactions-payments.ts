import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const TransactionsPaymentsDocument = graphql(`
  query TransactionsPayments($input: UserPaymentsInput) {
    userPayments(input: $input) {
      list {
        userPaymentId
        userId
        userName
        planName
        priceUsd
        paidUsd
        paidBtc
        paymentAddress
        confirmedAt
        canceledAt
        assetFixedAt
        status
        amountETH
        amountHEC
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/** The payments list of the screen (userPayments with its filters). */
export const transactionsPayments = listQuery(
  TransactionsPaymentsDocument,
  (data) => data.userPayments,
);
