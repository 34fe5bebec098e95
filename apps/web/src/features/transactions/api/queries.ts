import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { TransactionsRatesSummaryQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';
import { useDocumentWrite, useRefresh } from '@/lib/use-write';
import { documentQuery } from '@/lib/document-query';

const TransactionsPlansQuery = graphql(`
  query TransactionsPlans {
    plans {
      id
      name
      coinType
      price
    }
  }
`);

/** The purchase plans, for the add-payment form. */
export function useTransactionsPlans() {
  return useQuery({
    ...documentQuery(TransactionsPlansQuery, (d) => d.plans),
    staleTime: 5 * 60_000,
  });
}

const TransactionsRatesSummaryQuery = graphql(`
  query TransactionsRatesSummary(
    $confirmedAtFrom: DateTime
    $confirmedAtUntil: DateTime!
    $deadlineDatetime: DateTime!
    $BTCHECRate: String
    $BTCETHRate: String
  ) {
    ratesAndBTCAmountAtDeadlineDate(
      confirmedAtFrom: $confirmedAtFrom
      confirmedAtUntil: $confirmedAtUntil
      deadlineDatetime: $deadlineDatetime
      BTCHECRate: $BTCHECRate
      BTCETHRate: $BTCETHRate
    ) {
      confirmedAtFrom
      confirmedAtUntil
      deadlineDatetime
      BTCAmountToBuyETH
      BTCAmountToBuyHEC
      BTCHEC
      BTCETH
      paymentCounts
      fingerprint
      amountETH
      amountHEC
    }
  }
`);

/** The preview of a rate assignment (null variables: nothing asked yet). */
export function useRatesSummary(variables: TransactionsRatesSummaryQueryVariables | null) {
  return useQuery({
    queryKey: queryKeyFor(TransactionsRatesSummaryQuery, variables ?? undefined),
    queryFn: async () =>
      (await execute(TransactionsRatesSummaryQuery, variables!)).ratesAndBTCAmountAtDeadlineDate,
    enabled: variables !== null,
    retry: false,
  });
}

const TransactionsAssignRatesMutation = graphql(`
  mutation TransactionsAssignRates(
    $startAt: String
    $endAt: String!
    $deadline: String!
    $BTCHECRate: String!
    $BTCETHRate: String!
    $fingerprint: String!
  ) {
    postAssignRates(
      startAt: $startAt
      endAt: $endAt
      deadline: $deadline
      BTCHECRate: $BTCHECRate
      BTCETHRate: $BTCETHRate
      fingerprint: $fingerprint
    ) {
      message
      countPayments
      amountETH
      amountHEC
    }
  }
`);

/**
 * What a CSV import's apply changes, as its two commands declare: the upload is its own request
 * followed by its progress, not a `useWrite`.
 */
export function useInvalidatePayments() {
  return useRefresh(['TransactionsUploadPayments', 'TransactionsUploadRates']);
}

export function useAssignRates() {
  return useDocumentWrite(TransactionsAssignRatesMutation, (d) => d.postAssignRates, {
    changesOn: 'success',
  });
}

const TransactionsAddPaymentMutation = graphql(`
  mutation TransactionsAddPayment(
    $userId: Int!
    $planId: Int!
    $paidUsd: Int!
    $assetETH: Decimal!
    $assetHEC: Decimal!
    $confirmedAt: DateTime
    $clientKey: String
  ) {
    postAddUserPayment(
      userId: $userId
      planId: $planId
      paidUsd: $paidUsd
      assetETH: $assetETH
      assetHEC: $assetHEC
      confirmedAt: $confirmedAt
      clientKey: $clientKey
    ) {
      userPaymentId
      userName
    }
  }
`);

export function useAddPayment() {
  return useDocumentWrite(TransactionsAddPaymentMutation, (d) => d.postAddUserPayment, {
    changesOn: 'success',
  });
}

const TransactionsImportProgressQuery = graphql(`
  query TransactionsImportProgress($key: String!) {
    csvImportProgress(key: $key) {
      phase
      rowsRead
      bytesRead
      byteSize
    }
  }
`);

/**
 * The server's progress of the caller's running upload (null key: not polling), every half
 * second until the upload's answer arrives and the caller drops the key.
 */
export function useImportProgress(key: string | null) {
  return useQuery({
    queryKey: queryKeyFor(TransactionsImportProgressQuery, key === null ? undefined : { key }),
    queryFn: async () =>
      (await execute(TransactionsImportProgressQuery, { key: key! })).csvImportProgress,
    enabled: key !== null,
    refetchInterval: 500,
    gcTime: 0,
  });
}
