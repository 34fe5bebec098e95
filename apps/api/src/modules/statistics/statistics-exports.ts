import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineExport, type ExportColumn, type ExportFilterInput } from '../../platform/exports';
import { BUSINESS_DAY } from '../../shared/business-day';
import { ASSET_AMOUNTS } from './asset-stats-amounts';
import { assetStatsDaysQuery, type AssetStatsDay } from './statistics-repository';
import { checkDateRange } from './statistics-service';

/**
 * assetStatsCsv (issue 16): the asset statistics screen's rows, one per business day, from the
 * screen's own query and with every amount it shows (ASSET_AMOUNTS).
 */
export function statisticsExports(db: Kysely<DB>) {
  return [
    defineExport({
      name: 'assetStats',
      fileName: 'asset_statistics',
      parseFilters: (input: ExportFilterInput) =>
        checkDateRange(
          'dateFrom',
          String(input.dateFrom ?? ''),
          'dateUntil',
          String(input.dateUntil ?? ''),
        ),
      query: (range) => assetStatsDaysQuery(db, range.from, range.until),
      columns: [
        {
          key: 'date',
          header: 'date',
          meaning: BUSINESS_DAY,
          type: 'date',
          unit: 'YYYY-MM-DD',
          example: '2026-01-31',
        },
        ...ASSET_AMOUNTS.map((a): ExportColumn<AssetStatsDay> => ({
          key: a.key,
          header: a.key,
          meaning: a.meaning,
          type: 'decimal',
          unit: a.unit,
          example: a.example,
        })),
      ],
    }),
  ];
}
