import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { HecSavingAddressesQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const HecSavingAddressesQuery = graphql(`
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
        totalRecords
      }
    }
  }
`);

/** One page of users' per-plan deposit addresses. */
export function useHecSavingAddresses(variables: HecSavingAddressesQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(HecSavingAddressesQuery, variables),
    queryFn: async () => (await execute(HecSavingAddressesQuery, variables)).hecSavingAddresses,
    placeholderData: keepPreviousData,
  });
}
