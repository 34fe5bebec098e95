import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  ApproveWithdrawalRequestsMutationVariables,
  FailWithdrawalRequestsMutationVariables,
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
