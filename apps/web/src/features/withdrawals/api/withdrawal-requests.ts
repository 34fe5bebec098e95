import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';
import { queryKeyFor } from '@/lib/query-keys';
import { documentQuery } from '@/lib/document-query';

// The fields of one request as the screens show it: the list's rows, and what an action
// answers for the requests it changed (the detail and rows update from that answer).
graphql(`
  fragment WithdrawalRequestRow on WithdrawalRequest {
    id
    kind
    status
    revision
    requestedAt
    createdAt
    userId
    userName
    email
    userRegisteredAt
    aubeUserIdHash
    forceClubIdHash
    userSavingSentValueId
    userAffiliateSavingSentValueId
    userPaymentPaidValueId
    coinTypeName
    requestedAmount
    fee
    netAmount
    paidAmounts {
      coin
      amount
      fee
      netAmount
    }
    ethAmount {
      principal
      reward
      fee
    }
    hecAmount {
      principal
      reward
      fee
    }
    metaxEmail
    receiverAddress
    ethReceiverAddress
    transactionHash
    ethTransactionHash
    rejectCode
    rejectReason
    failureReason
    exportBatchId
    requiredApprovals
    approvals {
      adminUserId
      adminUserName
      approvedAt
    }
    awaitingOver24h
    context {
      userCount24h
      userAmount24h
      userCount30d
      userAmount30d
      addressFirstSeenAt
      addressOtherUsers
    }
  }
`);

// One document for the eight screens: the kind is an argument (withdrawalRequests answers
// exactly what the kind's own spec call answers).
const WithdrawalRequestsQuery = graphql(`
  query WithdrawalRequests($kind: WithdrawalKind!, $input: WithdrawalListInput) {
    withdrawalRequests(kind: $kind, input: $input) {
      list {
        ...WithdrawalRequestRow
      }
      pagination {
        offset
        totalRecords
      }
      statusCounts {
        status
        count
      }
    }
  }
`);

/** Every cached page of the lists (any kind, filter or page): where an action's answer goes. */
export const withdrawalRequestsKey = queryKeyFor(WithdrawalRequestsQuery);

/** One page of one kind's requests, with the status tabs' counts. */
export const withdrawalRequests = listQuery(
  WithdrawalRequestsQuery,
  (data) => data.withdrawalRequests,
);

const TimelineQuery = graphql(`
  query WithdrawalRequestTimeline($id: ID!) {
    withdrawalRequestTimeline(id: $id) {
      at
      operation
      adminUserName
      fromStatus
      toStatus
      approvals
      requiredApprovals
      rejectCode
      rejectReason
      failureReason
      transactionHash
      ethTransactionHash
      exportBatchId
    }
  }
`);

/** Every transition of one request, from the audit trail. */
export function useWithdrawalTimeline(id: string) {
  return useQuery(documentQuery(TimelineQuery, (d) => d.withdrawalRequestTimeline, { id }));
}
