import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  defineExport,
  personColumns,
  exportDate,
  type ExportFilterInput,
} from '../../platform/exports';
import { dateRange, textFilter } from '../../shared/list-input';
import { savingAddressesExportQuery } from './saving-addresses-repository';
import {
  affiliateRemittancesExportQuery,
  savingRemittancesExportQuery,
} from './savings-repository';

const UTC = 'ISO-8601 UTC';

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? textFilter(value) : undefined;
}

function confirmed(input: ExportFilterInput) {
  const range = dateRange(
    'confirmedAtFrom',
    exportDate(input.confirmedAtFrom),
    'confirmedAtUntil',
    exportDate(input.confirmedAtUntil),
  );
  return { confirmedAtFrom: range.from, confirmedAtUntil: range.until };
}

function orderOf(input: ExportFilterInput): 'asc' | 'desc' {
  const sort = input.sort as { orderBy?: string } | undefined;
  return sort?.orderBy === 'asc' ? 'asc' : 'desc';
}

/**
 * The remittance exports of the download centre (spec section 9): type 1, coin-saving
 * remittance history (the `userSavings` list), and type 3, referral-plan remittance history
 * with each user's parent (the `affiliateSavingRemittances` list). Both take their list's
 * filters plus an optional confirmation range, newest first unless sorted ascending.
 */
export function savingsExports(db: Kysely<DB>) {
  return [
    defineExport({
      name: 'hecSavingRemittanceHistory',
      fileName: 'coin_saving_remittances',
      parseFilters: (input: ExportFilterInput) => ({
        filter: {
          userName: str(input.userName),
          planName: str(input.planName),
          ...confirmed(input),
        },
        orderBy: orderOf(input),
      }),
      query: ({ filter, orderBy }) => savingRemittancesExportQuery(db, filter, orderBy),
      columns: [
        {
          key: 'userSavingSentValueId',
          header: 'userSavingSentValueId',
          meaning: 'Remittance id',
          type: 'integer',
          example: '88120',
        },
        personColumns.userId('userId'),
        personColumns.userName('userName'),
        personColumns.email(),
        {
          key: 'planName',
          header: 'planName',
          meaning: 'Coin-saving plan',
          type: 'text',
          example: '1 year plan',
        },
        {
          key: 'address',
          header: 'address',
          meaning: 'Deposit address the HEC was sent to',
          type: 'text',
          example: '0x70d0…c8a1',
        },
        {
          key: 'amountHEC',
          header: 'amountHEC',
          meaning: 'HEC sent',
          type: 'decimal',
          unit: 'HEC',
          example: '1.000000000000000001',
        },
        {
          key: 'amountUSD',
          header: 'amountUSD',
          meaning: 'USD value at confirmation',
          type: 'decimal',
          unit: 'USD',
          example: '12.50',
        },
        {
          key: 'transactionHash',
          header: 'transactionHash',
          meaning: 'Transaction hash',
          type: 'text',
          example: '0x9a3f…',
        },
        {
          key: 'confirmedAt',
          header: 'confirmedAt',
          meaning: 'Confirmed at',
          type: 'datetime',
          unit: UTC,
          example: '2026-01-31T00:00:00.000Z',
        },
      ],
    }),
    defineExport({
      name: 'referralPlanRemittanceHistory',
      fileName: 'referral_plan_remittances',
      parseFilters: (input: ExportFilterInput) => ({
        filter: { userName: str(input.userName), email: str(input.email), ...confirmed(input) },
        orderBy: orderOf(input),
      }),
      query: ({ filter, orderBy }) => affiliateRemittancesExportQuery(db, filter, orderBy),
      columns: [
        { key: 'id', header: 'id', meaning: 'Remittance id', type: 'integer', example: '40112' },
        personColumns.userId('userId'),
        personColumns.userName('username'),
        personColumns.email(),
        personColumns.forceClubId(),
        ...personColumns.parent(),
        {
          key: 'confirmedAt',
          header: 'confirmedAt',
          meaning: 'Confirmed at',
          type: 'datetime',
          unit: UTC,
          example: '2026-01-31T00:00:00.000Z',
        },
        {
          key: 'transactionHash',
          header: 'transactionHash',
          meaning: 'Transaction hash',
          type: 'text',
          example: '0x9a3f…',
        },
        {
          key: 'address',
          header: 'address',
          meaning: 'Address the HEC was sent to',
          type: 'text',
          example: '0x70d0…c8a1',
        },
        {
          key: 'sentHec',
          header: 'sentHec',
          meaning: 'HEC sent',
          type: 'decimal',
          unit: 'HEC',
          example: '100.5',
        },
        {
          key: 'usdValuation',
          header: 'usdValuation',
          meaning: 'USD valuation',
          type: 'decimal',
          unit: 'USD',
          example: '1250.00',
        },
        {
          key: 'hecPrincipal',
          header: 'hecPrincipal',
          meaning: 'HEC principal',
          type: 'decimal',
          unit: 'HEC',
          example: '80',
        },
        {
          key: 'atemPrincipal',
          header: 'atemPrincipal',
          meaning: 'ATEM principal',
          type: 'decimal',
          unit: 'ATEM',
          example: '20.5',
        },
      ],
    }),
    defineExport({
      name: 'hecSavingAddresses',
      fileName: 'coin_saving_addresses',
      parseFilters: (input: ExportFilterInput) => ({
        filter: { userName: str(input.userName), email: str(input.email) },
        orderBy: orderOf(input),
      }),
      query: ({ filter, orderBy }) => savingAddressesExportQuery(db, filter, orderBy),
      columns: [
        {
          key: 'id',
          header: 'id',
          meaning: 'Record id (the 1-year address)',
          type: 'integer',
          example: '3001',
        },
        personColumns.userId('userId'),
        personColumns.userName('username'),
        personColumns.email(),
        {
          key: 'oneYearPlanAddress',
          header: 'oneYearPlanAddress',
          meaning: 'Deposit address, 1 year plan',
          type: 'text',
          example: '0x70d0…c8a1',
        },
        {
          key: 'twoYearsPlanAddress',
          header: 'twoYearsPlanAddress',
          meaning: 'Deposit address, 2 years plan',
          type: 'text',
          example: '0x81e1…d9b2',
        },
        {
          key: 'threeYearsPlanAddress',
          header: 'threeYearsPlanAddress',
          meaning: 'Deposit address, 3 years plan',
          type: 'text',
          example: '0x92f2…eac3',
        },
        {
          key: 'fiveYearsPlanAddress',
          header: 'fiveYearsPlanAddress',
          meaning: 'Deposit address, 5 years plan',
          type: 'text',
          example: '0xa303…fbd4',
        },
        {
          key: 'generatedAt',
          header: 'generatedAt',
          meaning: 'Addresses generated at',
          type: 'datetime',
          unit: UTC,
          example: '2026-01-31T00:00:00.000Z',
        },
      ],
    }),
  ];
}
