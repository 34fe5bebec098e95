import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UpdateWithdrawalApprovalThresholdMutationVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { withdrawalRequestsKey } from './withdrawal-requests';

const ThresholdsQuery = graphql(`
  query WithdrawalApprovalThresholds {
    withdrawalApprovalThresholds {
      coinType
      secondApprovalAbove
    }
  }
`);

const UpdateThresholdMutation = graphql(`
  mutation UpdateWithdrawalApprovalThreshold($coinType: String!, $secondApprovalAbove: Decimal!) {
    postUpdateWithdrawalApprovalThreshold(
      coinType: $coinType
      secondApprovalAbove: $secondApprovalAbove
    ) {
      coinType
      secondApprovalAbove
    }
  }
`);

const thresholdsKey = ['withdrawalApprovalThresholds'] as const;

/** The per-coin two-person approval thresholds (every role reads them). */
export function useApprovalThresholds() {
  return useQuery({
    queryKey: thresholdsKey,
    queryFn: async () => (await execute(ThresholdsQuery)).withdrawalApprovalThresholds,
  });
}

/** Changes one coin's threshold (super admins); the lists' "needs two" marks change with it. */
export function useUpdateApprovalThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: UpdateWithdrawalApprovalThresholdMutationVariables) =>
      (await execute(UpdateThresholdMutation, variables)).postUpdateWithdrawalApprovalThreshold,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: thresholdsKey }),
        queryClient.invalidateQueries({ queryKey: withdrawalRequestsKey }),
      ]),
  });
}
