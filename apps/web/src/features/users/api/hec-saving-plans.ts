import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const HecSavingPlansQuery = graphql(`
  query HecSavingPlans {
    hecSavingPlans {
      id
      name
    }
  }
`);

/** The coin-saving plans (1, 2, 3 and 5 years), for plan pickers. */
export function useHecSavingPlans() {
  return useQuery({
    queryKey: queryKeyFor(HecSavingPlansQuery),
    queryFn: async () => (await execute(HecSavingPlansQuery)).hecSavingPlans,
    // Plans change only with a release; no need to refetch them on every visit.
    staleTime: 10 * 60_000,
  });
}
