import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

const SavingRemittancesCsvDocument = graphql(`
  query SavingRemittancesCsv($userName: String, $sort: SortInput) {
    hecSavingRemittanceHistoryCsv(userName: $userName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the coin-saving remittance history with the screen's filters. */
export const savingRemittancesCsv = exportQuery(
  SavingRemittancesCsvDocument,
  (data) => data.hecSavingRemittanceHistoryCsv,
);
