import { graphql } from '@/gql';
import type { SavingRemittancesCsvQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const SavingRemittancesCsvQuery = graphql(`
  query SavingRemittancesCsv($userName: String, $planName: String, $sort: SortInput) {
    hecSavingRemittanceHistoryCsv(userName: $userName, planName: $planName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the coin-saving remittance history with the screen's filters. */
export async function savingRemittancesCsvLink(variables: SavingRemittancesCsvQueryVariables) {
  return (await execute(SavingRemittancesCsvQuery, variables)).hecSavingRemittanceHistoryCsv;
}
