import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import { execute } from '@/lib/graphql-client';
import { documentQuery } from '@/lib/document-query';

const ExportFormatsQuery = graphql(`
  query ExportFormats {
    exportFormats {
      name
      columns {
        header
        meaning
        type
        unit
        example
      }
    }
  }
`);

const ExportPreviewQuery = graphql(`
  query ExportPreview($name: String!, $confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime) {
    exportPreview(
      name: $name
      confirmedAtFrom: $confirmedAtFrom
      confirmedAtUntil: $confirmedAtUntil
      limit: 5
    ) {
      columns {
        header
      }
      rows {
        cells
      }
    }
  }
`);

const HecSavingRemittanceHistoryCsvQuery = graphql(`
  query HecSavingRemittanceHistoryCsv($confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime) {
    hecSavingRemittanceHistoryCsv(
      confirmedAtFrom: $confirmedAtFrom
      confirmedAtUntil: $confirmedAtUntil
    ) {
      url
      fileName
    }
  }
`);

const ReferralRewardsCsvQuery = graphql(`
  query ReferralRewardsCsv {
    referralRewardsCsv {
      url
      fileName
    }
  }
`);

const ReferralPlanRemittanceHistoryCsvQuery = graphql(`
  query ReferralPlanRemittanceHistoryCsv($confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime) {
    referralPlanRemittanceHistoryCsv(
      confirmedAtFrom: $confirmedAtFrom
      confirmedAtUntil: $confirmedAtUntil
    ) {
      url
      fileName
    }
  }
`);

type CentreRange = { confirmedAtFrom?: string; confirmedAtUntil?: string };

/**
 * Day bounds of spec section 9: a date range covers its whole days, days of the business time
 * zone (issue 26, "One clock"), as every list's date filter.
 */
export function centreRange(from: string, until: string): CentreRange {
  const start = from ? dayStartIso(from) : undefined;
  const end = until ? dayEndIso(until) : undefined;
  return {
    ...(start ? { confirmedAtFrom: start } : {}),
    ...(end ? { confirmedAtUntil: end } : {}),
  };
}

/** The three download types of spec section 9, by export name. */
export const CENTRE_TYPES = [
  { name: 'hecSavingRemittanceHistory', title: 'exports.centre.type1', dated: true },
  { name: 'referralRewards', title: 'exports.centre.type2', dated: false },
  { name: 'referralPlanRemittanceHistory', title: 'exports.centre.type3', dated: true },
] as const;

export type CentreTypeName = (typeof CENTRE_TYPES)[number]['name'];

/** Asks for the download link of one centre type. */
export async function centreLink(name: CentreTypeName, range: CentreRange) {
  switch (name) {
    case 'hecSavingRemittanceHistory':
      return (await execute(HecSavingRemittanceHistoryCsvQuery, range))
        .hecSavingRemittanceHistoryCsv;
    case 'referralRewards':
      return (await execute(ReferralRewardsCsvQuery)).referralRewardsCsv;
    case 'referralPlanRemittanceHistory':
      return (await execute(ReferralPlanRemittanceHistoryCsvQuery, range))
        .referralPlanRemittanceHistoryCsv;
  }
}

/** Every export's column descriptions. */
export function useExportFormats() {
  return useQuery({
    ...documentQuery(ExportFormatsQuery, (d) => d.exportFormats),
    staleTime: Infinity,
  });
}

/** The first rows of an export, from the file's own query. */
export function useExportPreview(name: CentreTypeName, range: CentreRange) {
  return useQuery({
    ...documentQuery(ExportPreviewQuery, (d) => d.exportPreview, { name, ...range }),
    placeholderData: keepPreviousData,
  });
}
