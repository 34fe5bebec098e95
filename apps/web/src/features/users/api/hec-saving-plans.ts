import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

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
    ...documentQuery(HecSavingPlansQuery, (d) => d.hecSavingPlans),
    // Plans change only with a release; no need to refetch them on every visit.
    staleTime: 10 * 60_000,
  });
}
