import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

const UserHecSavingDetailQuery = graphql(`
  query UserHecSavingDetail($userId: Int!) {
    userHecSavingDetail(input: { userId: $userId }) {
      oneYearPlanRate
      twoYearPlanRate
      threeYearPlanRate
      fiveYearPlanRate
      oneYearPlanPrincipal
      twoYearPlanPrincipal
      threeYearPlanPrincipal
      fiveYearPlanPrincipal
      oneYearPlanRewards
      twoYearPlanRewards
      threeYearPlanRewards
      fiveYearPlanRewards
      totalRewards
      userPreBonusRate
      userCardStatusBonusRate
    }
  }
`);

/** The coin-saving section of one user: principal, rewards and rates of each of the four plans. */
export function useUserHecSavingDetail(userId: number) {
  return useQuery(
    documentQuery(UserHecSavingDetailQuery, (d) => d.userHecSavingDetail, { userId }),
  );
}
