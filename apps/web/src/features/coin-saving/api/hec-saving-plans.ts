import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

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
    ...documentQuery(SavingPlanNamesQuery, (d) => d.hecSavingPlans),
    staleTime: 10 * 60_000,
  });
}
