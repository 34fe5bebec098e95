import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AffiliateTrackRecordsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

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
    queryKey: queryKeyFor(AffiliateTrackRecordsQuery, variables),
    queryFn: async () =>
      (await execute(AffiliateTrackRecordsQuery, variables)).affiliateTrackRecords,
    placeholderData: keepPreviousData,
  });
}
