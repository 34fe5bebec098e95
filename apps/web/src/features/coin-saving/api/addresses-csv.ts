import { graphql } from '@/gql';
import type { AddressesCsvQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const AddressesCsvQuery = graphql(`
  query AddressesCsv($userName: String, $email: String, $sort: SortInput) {
    hecSavingAddressesCsv(userName: $userName, email: $email, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the deposit addresses with the screen's search. */
export async function addressesCsvLink(variables: AddressesCsvQueryVariables) {
  return (await execute(AddressesCsvQuery, variables)).hecSavingAddressesCsv;
}
