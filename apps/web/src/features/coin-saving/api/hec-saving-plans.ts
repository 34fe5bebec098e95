import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const SavingPlanNamesQuery = graphql(`
  query SavingPlanNames {
    hecSavingPlans {
      id
      name
      termYears
    }
  }
`);

/** The coin-saving plans, for the plan filter of the remittance history. */
export function useSavingPlanNames() {
  return useQuery({
    queryKey: queryKeyFor(SavingPlanNamesQuery),
    queryFn: async () => (await execute(SavingPlanNamesQuery)).hecSavingPlans,
    staleTime: 10 * 60_000,
  });
}
