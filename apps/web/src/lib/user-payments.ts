import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserPaymentsQuery, UserPaymentsQueryVariables } from '@/gql/graphql';
import { listQuery } from './list-query';
import { documentQuery } from './document-query';

/**
 * The one payment row projection of the web app (issue 25): the Transactions screen's list,
 * the user detail's section and a user's payment history all ask userPayments with this
 * document, so a column added to the payments tables is added here once.
 */
const UserPaymentsDocument = graphql(`
  query UserPayments($input: UserPaymentsInput) {
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
        offset
        totalRecords
      }
    }
  }
`);

/** A payment row as every payments table shows it. */
export type PaymentRow = UserPaymentsQuery['userPayments']['list'][number];

/** One page of payments with all of userPayments' filters (a user's history, or everyone's). */
export function useUserPayments(variables: UserPaymentsQueryVariables) {
  return useQuery({
    ...documentQuery(UserPaymentsDocument, (d) => d.userPayments, variables),
    placeholderData: keepPreviousData,
  });
}

/** The same page for a declared list screen (Transactions, a user's payment history). */
export const userPayments = listQuery(UserPaymentsDocument, (data) => data.userPayments);
