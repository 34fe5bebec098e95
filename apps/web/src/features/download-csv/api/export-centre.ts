import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import type { TypedDocumentString } from '@/gql/graphql';
import {
  hecSavingRemittanceHistoryCsv,
  referralPlanRemittanceHistoryCsv,
  referralRewardsCsv,
} from '@/gql/list-exports';
import { request } from '@/lib/graphql-client';
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

/** The link of a declared export (the list screens' own) asked for with the given filters. */
async function sendExport<R, V>(
  declared: {
    document: TypedDocumentString<R, V>;
    link: (data: R) => { url: string; fileName: string };
  },
  variables: V,
) {
  return declared.link(await request(declared.document, variables));
}

/** Asks for the download link of one centre type. */
export async function centreLink(name: CentreTypeName, range: CentreRange) {
  switch (name) {
    case 'hecSavingRemittanceHistory':
      return sendExport(hecSavingRemittanceHistoryCsv, range);
    case 'referralRewards':
      return sendExport(referralRewardsCsv, {});
    case 'referralPlanRemittanceHistory':
      return sendExport(referralPlanRemittanceHistoryCsv, range);
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
