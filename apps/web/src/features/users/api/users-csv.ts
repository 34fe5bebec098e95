import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

// USERS_SHAPE's other filters are added by codegen and the build (scripts/codegen.ts).
const UsersCsvDocument = graphql(`
  query UsersCsv($userName: String, $sort: SortInput) {
    usersCSV(userName: $userName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the users list with the screen's filters and sort. */
export const usersCsv = exportQuery(UsersCsvDocument, (data) => data.usersCSV);
