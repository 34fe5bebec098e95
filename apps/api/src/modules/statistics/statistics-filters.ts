import { builder } from '../../graphql/builder';

/** The range of `assetStats`; `assetStatsCsv` takes the same. */
export function assetStatsArgs() {
  return builder.args((t) => ({
    dateFrom: t.string({ required: true }),
    dateUntil: t.string({ required: true }),
  }));
}
