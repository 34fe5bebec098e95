import type { Kysely } from 'kysely';
import type { ExportUnit } from '@app/shared';
import type { DB } from '../../db/schema';
import { defineExport, type ExportColumn, type ExportFilterInput } from '../../platform/exports';
import { assetStatsExportQuery, type AssetStatsDay } from './statistics-repository';
import { checkDateRange } from './statistics-service';

const amount = (
  key: keyof AssetStatsDay,
  meaning: string,
  unit: ExportUnit,
  example: string,
): ExportColumn<AssetStatsDay> => ({ key, header: key, meaning, type: 'decimal', unit, example });

/** assetStatsCsv (issue 16): the asset statistics screen's days, one row per UTC day. */
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
      query: (range) => assetStatsExportQuery(db, range.from, range.until),
      columns: [
        {
          key: 'date',
          header: 'date',
          meaning: 'business day (BUSINESS_TIME_ZONE)',
          type: 'date',
          unit: 'YYYY-MM-DD',
          example: '2026-01-31',
        },
        amount('initialEthAmount', 'ETH bought by payments fixed that day', 'ETH', '12.5'),
        amount(
          'initialHecAmount',
          'HEC bought by payments fixed that day',
          'HEC',
          '1.000000000000000001',
        ),
        amount('ethAffiliateReward', 'ETH affiliate rewards', 'ETH', '0.25'),
        amount('hecAffiliateReward', 'HEC affiliate rewards', 'HEC', '10'),
        amount('ethSavingReward', 'ETH saving rewards', 'ETH', '0.1'),
        amount('hecSavingReward', 'HEC saving rewards', 'HEC', '3.5'),
        amount('ethProportionalReward', 'ETH proportional rewards', 'ETH', '0.05'),
        amount('hecProportionalReward', 'HEC proportional rewards', 'HEC', '2'),
        amount('totalBuyAmountUsd', 'Purchases', 'USD', '15000.00'),
      ],
    }),
  ];
}
