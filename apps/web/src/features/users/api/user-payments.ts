import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserPaymentsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { listQuery } from '@/lib/list-query';
import { queryKeyFor } from '@/lib/query-keys';

const UserPaymentsQuery = graphql(`
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
        totalRecords
      }
    }
  }
`);

/** One page of payments with all of userPayments' filters (a user's history, or everyone's). */
export function useUserPayments(variables: UserPaymentsQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(UserPaymentsQuery, variables),
    queryFn: async () => (await execute(UserPaymentsQuery, variables)).userPayments,
    placeholderData: keepPreviousData,
  });
}

/** The same page for a declared list screen (a user's payment history). */
export const userPayments = listQuery(UserPaymentsQuery, (data) => data.userPayments);
