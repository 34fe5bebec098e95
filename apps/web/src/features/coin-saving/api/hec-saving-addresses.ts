import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const HecSavingAddressesDocument = graphql(`
  query HecSavingAddresses($input: SavingListInput) {
    hecSavingAddresses(input: $input) {
      list {
        id
        userId
        username
        email
        oneYearPlanAddress
        twoYearsPlanAddress
        threeYearsPlanAddress
        fiveYearsPlanAddress
        generatedAt
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of users' per-plan deposit addresses. */
export const hecSavingAddresses = listQuery(
  HecSavingAddressesDocument,
  (data) => data.hecSavingAddresses,
);
