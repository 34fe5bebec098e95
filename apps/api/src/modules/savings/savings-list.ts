import {
  AFFILIATE_REMITTANCES_SHAPE,
  SAVING_ADDRESSES_SHAPE,
  USER_AFFILIATE_HISTORY_SHAPE,
  USER_SAVINGS_SHAPE,
  USER_SAVING_HISTORY_SHAPE,
  EXPORT_UNIT_WORDS,
} from '@app/shared';
import { personColumns, type ExportColumn } from '../../platform/exports';
import {
  defineExportedList,
  defineList,
  type FilterInput,
  type FilterValues,
} from '../../platform/lists';

const ZONED = EXPORT_UNIT_WORDS.zonedDateTime;

/** A row of `userSavings` (the repository's page projection fills it). */
export type SavingRemittanceRow = {
  userSavingSentValueId: string;
  userName: string;
  planName: string;
  address: string;
  amountHEC: string;
  amountUSD: string;
  transactionHash: string;
  confirmedAt: Date;
};

/** A row of hecSavingRemittanceHistoryCsv: the list's row, the user's id and email. */
type SavingRemittanceExportRow = SavingRemittanceRow & { userId: number; email: string };

/** A row of `affiliateSavingRemittances`. */
export type AffiliateRemittanceRow = {
  id: string;
  username: string;
  email: string;
  forceClubId: string | null;
  confirmedAt: Date;
  transactionHash: string;
  sentHec: string;
  usdValuation: string;
  hecPrincipal: string;
  atemPrincipal: string;
};

/** A row of referralPlanRemittanceHistoryCsv: the list's row, the user, parent and address. */
type AffiliateRemittanceExportRow = AffiliateRemittanceRow & {
  userId: number;
  parentId: number | null;
  parentUserName: string | null;
  address: string;
};

/** A row of `hecSavingAddresses` and of its export. */
export type SavingAddressRecord = {
  id: string;
  userId: number;
  username: string;
  email: string;
  oneYearPlanAddress: string | null;
  twoYearsPlanAddress: string | null;
  threeYearsPlanAddress: string | null;
  fiveYearsPlanAddress: string | null;
  generatedAt: Date;
};

/** The download centre's confirmation range (export only) and the remittances' search. */
type ConfirmedRange = NonNullable<typeof USER_SAVINGS_SHAPE.export.filters>;
type SavingSearchFilters = typeof SAVING_ADDRESSES_SHAPE.filters;

/** The columns both remittance exports (coin saving, referral plan) write alike. */
const REMITTANCE_COLUMNS: {
  confirmedAt: ExportColumn<Record<'confirmedAt', unknown>>;
  transactionHash: ExportColumn<Record<'transactionHash', unknown>>;
} = {
  confirmedAt: {
    key: 'confirmedAt',
    header: 'confirmedAt',
    meaning: 'Confirmed at',
    type: 'datetime',
    unit: ZONED,
    example: '2026-01-31T09:00:00+09:00',
  },
  transactionHash: {
    key: 'transactionHash',
    header: 'transactionHash',
    meaning: 'Transaction hash',
    type: 'text',
    example: '0x9a3f…',
  },
};

const SAVING_REMITTANCES_COLUMNS: readonly ExportColumn<SavingRemittanceExportRow>[] = [
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
  REMITTANCE_COLUMNS.transactionHash,
  REMITTANCE_COLUMNS.confirmedAt,
];

const AFFILIATE_REMITTANCES_COLUMNS: readonly ExportColumn<AffiliateRemittanceExportRow>[] = [
  { key: 'id', header: 'id', meaning: 'Remittance id', type: 'integer', example: '40112' },
  personColumns.userId('userId'),
  personColumns.userName('username'),
  personColumns.email(),
  personColumns.forceClubId(),
  ...personColumns.parent(),
  REMITTANCE_COLUMNS.confirmedAt,
  REMITTANCE_COLUMNS.transactionHash,
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
];

const SAVING_ADDRESSES_COLUMNS: readonly ExportColumn<SavingAddressRecord>[] = [
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
    unit: ZONED,
    example: '2026-01-31T09:00:00+09:00',
  },
];

/**
 * Coin-saving remittances of all users, declared once (docs/list-conventions.md): `userSavings`
 * and `hecSavingRemittanceHistoryCsv` (download centre type 1, which adds the centre's range)
 * take these filters and this sort.
 */
export const USER_SAVINGS_LIST = defineExportedList(USER_SAVINGS_SHAPE, {
  name: 'hecSavingRemittanceHistory',
  fileName: 'coin_saving_remittances',
  columns: SAVING_REMITTANCES_COLUMNS,
});

/**
 * Referral-plan remittances of all users: `affiliateSavingRemittances` (in
 * `input.searchParams`) and `referralPlanRemittanceHistoryCsv` (download centre type 3, with
 * each user's parent, and the centre's range).
 */
export const AFFILIATE_REMITTANCES_LIST = defineExportedList(AFFILIATE_REMITTANCES_SHAPE, {
  name: 'referralPlanRemittanceHistory',
  fileName: 'referral_plan_remittances',
  columns: AFFILIATE_REMITTANCES_COLUMNS,
});

/** Each coin-saving user's deposit addresses: `hecSavingAddresses` and its CSV. */
export const SAVING_ADDRESSES_LIST = defineExportedList(SAVING_ADDRESSES_SHAPE, {
  name: 'hecSavingAddresses',
  fileName: 'coin_saving_addresses',
  columns: SAVING_ADDRESSES_COLUMNS,
});

/** userSavings' filters as the service takes them; its export adds the centre's range. */
export type UserSavingsInput = FilterInput<typeof USER_SAVINGS_LIST.filters & ConfirmedRange>;
/** The checked userSavings filters as the repository takes them. */
export type UserSavingsFilter = FilterValues<typeof USER_SAVINGS_LIST.filters & ConfirmedRange>;
/** The search of affiliateSavingRemittances and hecSavingAddresses as the service takes it. */
export type SavingSearchInput = FilterInput<SavingSearchFilters & ConfirmedRange>;
/** The checked search as the repositories take it (the range only from the export). */
export type SavingSearch = FilterValues<SavingSearchFilters & ConfirmedRange>;

/**
 * One user's histories (`userHecSavingRemittanceHistory`, `userAffiliateSavingRemittanceHistory`):
 * no filters but the required user, paged by the same date as the all-users lists.
 */
export const USER_SAVING_HISTORY_LIST = defineList(USER_SAVING_HISTORY_SHAPE);
export const USER_AFFILIATE_HISTORY_LIST = defineList(USER_AFFILIATE_HISTORY_SHAPE);
