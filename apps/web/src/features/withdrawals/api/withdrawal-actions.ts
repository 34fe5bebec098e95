import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  ApproveMatchingWithdrawalRequestsMutationVariables,
  ApproveWithdrawalRequestsMutationVariables,
  FailWithdrawalRequestsMutationVariables,
  RejectMatchingWithdrawalRequestsMutationVariables,
  RejectWithdrawalRequestsMutationVariables,
} from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { withdrawalRequestsKey } from './withdrawal-requests';

const ApproveMutation = graphql(`
  mutation ApproveWithdrawalRequests($requests: [WithdrawalApprovalInput!]!) {
    postApproveWithdrawalRequests(requests: $requests) {
      changedCount
      refusedCount
      results {
        id
        outcome
        status
        reason
        message
      }
    }
  }
`);

const RejectMutation = graphql(`
  mutation RejectWithdrawalRequests(
    $ids: [ID!]!
    $reasonCode: WithdrawalRejectCode!
    $reasonText: String!
  ) {
    postRejectWithdrawalRequests(ids: $ids, reasonCode: $reasonCode, reasonText: $reasonText) {
      changedCount
      refusedCount
      results {
        id
        outcome
        status
        reason
        message
      }
    }
  }
`);

// "All N matching this filter": the list's own searchParams and the count the operator saw.
const ApproveMatchingMutation = graphql(`
  mutation ApproveMatchingWithdrawalRequests(
    $kind: WithdrawalKind!
    $searchParams: WithdrawalSearchParams
    $expectedCount: Int!
  ) {
    postApproveMatchingWithdrawalRequests(
      kind: $kind
      searchParams: $searchParams
      expectedCount: $expectedCount
    ) {
      changedCount
      refusedCount
      results {
        id
        outcome
        status
        reason
        message
      }
    }
  }
`);

const RejectMatchingMutation = graphql(`
  mutation RejectMatchingWithdrawalRequests(
    $kind: WithdrawalKind!
    $searchParams: WithdrawalSearchParams
    $expectedCount: Int!
    $reasonCode: WithdrawalRejectCode!
    $reasonText: String!
  ) {
    postRejectMatchingWithdrawalRequests(
      kind: $kind
      searchParams: $searchParams
      expectedCount: $expectedCount
      reasonCode: $reasonCode
      reasonText: $reasonText
    ) {
      changedCount
      refusedCount
      results {
        id
        outcome
        status
        reason
        message
      }
    }
  }
`);

const FailMutation = graphql(`
  mutation FailWithdrawalRequests($ids: [ID!]!, $reason: String!) {
    postFailWithdrawalRequests(ids: $ids, reason: $reason) {
      changedCount
      refusedCount
      results {
        id
        outcome
        status
        reason
        message
      }
    }
  }
`);

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: withdrawalRequestsKey });
}

/** Approves requests at the revisions shown (the approver is the signed-in admin). */
export function useApproveWithdrawals() {
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: async (variables: ApproveWithdrawalRequestsMutationVariables) =>
      (await execute(ApproveMutation, variables)).postApproveWithdrawalRequests,
    onSettled,
  });
}

/** Approves every request matching the list's filter, if they are still as many as shown. */
export function useApproveMatchingWithdrawals() {
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: async (variables: ApproveMatchingWithdrawalRequestsMutationVariables) =>
      (await execute(ApproveMatchingMutation, variables)).postApproveMatchingWithdrawalRequests,
    onSettled,
  });
}

export function useRejectMatchingWithdrawals() {
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: async (variables: RejectMatchingWithdrawalRequestsMutationVariables) =>
      (await execute(RejectMatchingMutation, variables)).postRejectMatchingWithdrawalRequests,
    onSettled,
  });
}

export function useRejectWithdrawals() {
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: async (variables: RejectWithdrawalRequestsMutationVariables) =>
      (await execute(RejectMutation, variables)).postRejectWithdrawalRequests,
    onSettled,
  });
}

export function useFailWithdrawals() {
  const onSettled = useRefreshAfter();
  return useMutation({
    mutationFn: async (variables: FailWithdrawalRequestsMutationVariables) =>
      (await execute(FailMutation, variables)).postFailWithdrawalRequests,
    onSettled,
  });
}
