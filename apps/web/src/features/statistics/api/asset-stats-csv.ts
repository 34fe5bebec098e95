import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';

const AssetStatsCsvQuery = graphql(`
  query AssetStatsCsv($dateFrom: String!, $dateUntil: String!) {
    assetStatsCsv(dateFrom: $dateFrom, dateUntil: $dateUntil) {
      url
      fileName
    }
  }
`);

/** The download link of the asset statistics of a range (issue 16). */
export async function assetStatsCsvLink(dateFrom: string, dateUntil: string) {
  return (await execute(AssetStatsCsvQuery, { dateFrom, dateUntil })).assetStatsCsv;
}
