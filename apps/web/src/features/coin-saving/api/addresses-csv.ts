import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

const AddressesCsvDocument = graphql(`
  query AddressesCsv($userName: String, $sort: SortInput) {
    hecSavingAddressesCsv(userName: $userName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the deposit addresses with the screen's search. */
export const addressesCsv = exportQuery(AddressesCsvDocument, (data) => data.hecSavingAddressesCsv);
