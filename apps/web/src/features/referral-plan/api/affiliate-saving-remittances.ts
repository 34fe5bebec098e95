import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const AffiliateSavingRemittancesDocument = graphql(`
  query AffiliateSavingRemittances($input: SavingListInput) {
    affiliateSavingRemittances(input: $input) {
      list {
        id
        username
        email
        forceClubId
        confirmedAt
        transactionHash
        sentHec
        usdValuation
        hecPrincipal
        atemPrincipal
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of referral-plan remittances of all users (newest first). */
export const affiliateSavingRemittances = listQuery(
  AffiliateSavingRemittancesDocument,
  (data) => data.affiliateSavingRemittances,
);
