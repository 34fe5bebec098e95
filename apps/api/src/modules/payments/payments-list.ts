import { PAYMENTS_SHAPE, UNFIXED_PAYMENTS_SHAPE, EXPORT_UNIT_WORDS } from '@app/shared';
import type { ExportColumn } from '../../platform/exports';
import {
  defineExportedList,
  defineList,
  type FilterInput,
  type FilterValues,
} from '../../platform/lists';

/** A row of the payments export (both layouts). */
type PaymentExportRow = {
  userPaymentId: string;
  userId: number;
  userName: string;
  email: string;
  planName: string;
  coinType: string;
  priceUsd: string;
  paidUsd: string;
  paidBtc: string;
  paymentAddress: string;
  status: string;
  createdAt: Date;
  confirmedAt: Date | null;
  canceledAt: Date | null;
  assetFixedAt: Date | null;
  btcHecRate: string | null;
  btcEthRate: string | null;
  amountETH: string | null;
  amountHEC: string | null;
};

const ZONED = EXPORT_UNIT_WORDS.zonedDateTime;
const C = {
  userPaymentId: {
    key: 'userPaymentId',
    header: 'userPaymentId',
    meaning: 'Payment id',
    type: 'integer',
    example: '50231',
  },
  userId: { key: 'userId', header: 'userId', meaning: 'User id', type: 'integer', example: '1024' },
  userName: {
    key: 'userName',
    header: 'userName',
    meaning: 'User name',
    type: 'text',
    example: 'alice01',
  },
  email: {
    key: 'email',
    header: 'email',
    meaning: "User's email address",
    type: 'text',
    example: 'alice@example.com',
  },
  planName: {
    key: 'planName',
    header: 'planName',
    meaning: 'Purchase plan',
    type: 'text',
    example: 'ETH Starter',
  },
  coinType: {
    key: 'coinType',
    header: 'coinType',
    meaning: 'Coin the plan buys',
    type: 'text',
    example: 'ETH',
  },
  priceUsd: {
    key: 'priceUsd',
    header: 'priceUsd',
    meaning: 'Plan price',
    type: 'decimal',
    unit: 'USD',
    example: '1000.00',
  },
  paidUsd: {
    key: 'paidUsd',
    header: 'paidUsd',
    meaning: 'Amount paid',
    type: 'decimal',
    unit: 'USD',
    example: '1000.00',
  },
  paidBtc: {
    key: 'paidBtc',
    header: 'paidBtc',
    meaning: 'Amount paid',
    type: 'decimal',
    unit: 'BTC',
    example: '0.01530000',
  },
  paymentAddress: {
    key: 'paymentAddress',
    header: 'paymentAddress',
    meaning: 'BTC payment address',
    type: 'text',
    example: 'bc1q…',
  },
  status: {
    key: 'status',
    header: 'status',
    meaning: 'pending, confirmed, asset_fixed or canceled',
    type: 'text',
    example: 'asset_fixed',
  },
  createdAt: {
    key: 'createdAt',
    header: 'createdAt',
    meaning: 'Payment created at',
    type: 'datetime',
    unit: ZONED,
    example: '2026-01-31T08:10:00+09:00',
  },
  confirmedAt: {
    key: 'confirmedAt',
    header: 'confirmedAt',
    meaning: 'Payment confirmed at',
    type: 'datetime',
    unit: ZONED,
    example: '2026-01-31T09:00:00+09:00',
  },
  canceledAt: {
    key: 'canceledAt',
    header: 'canceledAt',
    meaning: 'Payment canceled at (empty if not)',
    type: 'datetime',
    unit: ZONED,
    example: '',
  },
  assetFixedAt: {
    key: 'assetFixedAt',
    header: 'assetFixedAt',
    meaning: 'Assets fixed at (the rate deadline)',
    type: 'datetime',
    unit: ZONED,
    example: '2026-02-01T09:00:00+09:00',
  },
  btcHecRate: {
    key: 'btcHecRate',
    header: 'btcHecRate',
    meaning: 'Rate the HEC amount was fixed at',
    type: 'decimal',
    unit: 'HEC per BTC',
    example: '250000',
  },
  btcEthRate: {
    key: 'btcEthRate',
    header: 'btcEthRate',
    meaning: 'Rate the ETH amount was fixed at',
    type: 'decimal',
    unit: 'ETH per BTC',
    example: '25.5',
  },
  amountETH: {
    key: 'amountETH',
    header: 'amountETH',
    meaning: 'ETH bought (asset-fixed payments)',
    type: 'decimal',
    unit: 'ETH',
    example: '0.390150000000000000',
  },
  amountHEC: {
    key: 'amountHEC',
    header: 'amountHEC',
    meaning: 'HEC bought (asset-fixed payments)',
    type: 'decimal',
    unit: 'HEC',
    example: '1.000000000000000001',
  },
} satisfies Record<keyof PaymentExportRow, ExportColumn<PaymentExportRow>>;

/**
 * userPaymentsCSV version 2: the bookkeeper's layout, one row per payment with every amount,
 * rate and date and the user's email (docs/api.md, "Exports").
 */
export const PAYMENTS_EXPORT_V2_COLUMNS: readonly ExportColumn<PaymentExportRow>[] = [
  C.userPaymentId,
  C.userId,
  C.userName,
  C.email,
  C.planName,
  C.coinType,
  C.status,
  C.priceUsd,
  C.paidUsd,
  C.paidBtc,
  C.btcHecRate,
  C.btcEthRate,
  C.amountETH,
  C.amountHEC,
  C.createdAt,
  C.confirmedAt,
  C.canceledAt,
  C.assetFixedAt,
  C.paymentAddress,
];

const PAYMENTS_EXPORT_COLUMNS: readonly ExportColumn<PaymentExportRow>[] = [
  C.userPaymentId,
  C.userId,
  C.userName,
  C.planName,
  C.priceUsd,
  C.paidUsd,
  C.paidBtc,
  C.paymentAddress,
  C.status,
  C.confirmedAt,
  C.canceledAt,
  C.assetFixedAt,
  C.amountETH,
  C.amountHEC,
];

/**
 * The payments list, declared once (docs/list-conventions.md): `userPayments` (in `input`) and
 * `userPaymentsCSV` take these filters and sort targets; version 1 of the file is the list as
 * on screen.
 */
export const PAYMENTS_LIST = defineExportedList(PAYMENTS_SHAPE, {
  name: 'userPayments',
  fileName: 'payments',
  columns: PAYMENTS_EXPORT_COLUMNS,
});

export type PaymentsSortTarget = (typeof PAYMENTS_LIST.sortTargets)[number];
/** The payments filters as the service takes them. */
export type PaymentsFilterInput = FilterInput<typeof PAYMENTS_LIST.filters>;
/** The payments filters as the service's check leaves them (the status one of the statuses). */
export type PaymentsFilterValues = FilterValues<typeof PAYMENTS_LIST.filters>;

/**
 * `assetUnFixedPayments`: confirmed payments a rate assignment of the window would fix. The
 * window's end is required, so it stays beside the declaration (the schema file's argument).
 */
export const UNFIXED_PAYMENTS_LIST = defineList(UNFIXED_PAYMENTS_SHAPE);
/** The window as the service takes it: the declared start, and the required end. */
export type UnfixedPaymentsInput = FilterInput<typeof UNFIXED_PAYMENTS_LIST.filters> & {
  confirmedAtUntil: Date;
};
