import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const AffiliateTrackRecordsDocument = graphql(`
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
        offset
        totalRecords
      }
    }
  }
`);

/** One page of affiliate track records (referral-plan totals per user). */
export const affiliateTrackRecords = listQuery(
  AffiliateTrackRecordsDocument,
  (data) => data.affiliateTrackRecords,
);
