import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AffiliateTrackRecordsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const AffiliateTrackRecordsQuery = graphql(`
  query AffiliateTrackRecords($input: AffiliateListInput) {
    affiliateTrackRecords(input: $input) {
      list {
        userId
        userName
        email
        forceClubId
        totalRemittedHec
        totalHecPrincipal
        totalReferralRewards
        totalBonusRewards
        numberOfChildren
        parentUserName
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of affiliate track records (referral-plan totals per user). */
export function useAffiliateTrackRecords(variables: AffiliateTrackRecordsQueryVariables) {
  return useQuery({
    queryKey: ['affiliateTrackRecords', variables],
    queryFn: async () =>
      (await execute(AffiliateTrackRecordsQuery, variables)).affiliateTrackRecords,
    placeholderData: keepPreviousData,
  });
}
