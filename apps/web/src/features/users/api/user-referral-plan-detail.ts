import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserReferralPlanDetailQuery = graphql(`
  query UserReferralPlanDetail($userId: Int!) {
    userReferralPlanDetail(input: { userId: $userId }) {
      totalRemittedHec
      totalUsdValuation
      totalHecPrincipal
      totalAtemAmount
      rewardRate
      rewardsBasedOnInterest
      referralRewards
      bonusRewards
      numberOfRemittances
    }
  }
`);

/** The referral-plan section of one user: remitted totals and rewards. */
export function useUserReferralPlanDetail(userId: number) {
  return useQuery({
    queryKey: queryKeyFor(UserReferralPlanDetailQuery, { userId }),
    queryFn: async () =>
      (await execute(UserReferralPlanDetailQuery, { userId })).userReferralPlanDetail,
  });
}
