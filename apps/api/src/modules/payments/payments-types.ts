import type { Refreshes } from '../../platform/commands';
// The payments module's GraphQL object types that its list and its writes (commands/) answer.
import { builder } from '../../graphql/builder';
import { ImportReportRef } from '../../platform/imports/imports-schema';
import type { ImportResult } from './payments-csv-imports';
import type { PaymentListRow } from './payments-repository';

/** What a rate assignment did: the payments fixed and the coins credited (exact sums). */
type RateAssignmentResult = {
  message: string;
  countPayments: number;
  amountETH: string;
  amountHEC: string;
};

export const UserPaymentRef = builder.objectRef<PaymentListRow>('UserPayment').implement({
  description: 'A plan bought with BTC (spec section 3, user payment).',
  fields: (t) => ({
    userPaymentId: t.exposeString('userPaymentId', { description: 'A 64-bit id, as a string.' }),
    userId: t.exposeInt('userId'),
    userName: t.exposeString('userName'),
    planName: t.exposeString('planName'),
    priceUsd: t.expose('priceUsd', { type: 'Decimal' }),
    paidUsd: t.expose('paidUsd', { type: 'Decimal' }),
    paidBtc: t.expose('paidBtc', { type: 'Decimal' }),
    paymentAddress: t.exposeString('paymentAddress'),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    canceledAt: t.expose('canceledAt', { type: 'DateTime', nullable: true }),
    assetFixedAt: t.expose('assetFixedAt', { type: 'DateTime', nullable: true }),
    status: t.exposeString('status', {
      description: 'pending, confirmed, asset_fixed or canceled.',
    }),
    amountETH: t.expose('amountETH', { type: 'Decimal', nullable: true }),
    amountHEC: t.expose('amountHEC', { type: 'Decimal', nullable: true }),
  }),
});

export const RateAssignmentResultRef = builder
  .objectRef<RateAssignmentResult>('RateAssignmentResult')
  .implement({
    description:
      'Rate assignment result (spec section 3), with what it credited: the sums of the amounts written.',
    fields: (t) => ({
      message: t.exposeString('message'),
      countPayments: t.exposeInt('countPayments'),
      amountETH: t.expose('amountETH', { type: 'Decimal' }),
      amountHEC: t.expose('amountHEC', { type: 'Decimal' }),
    }),
  });

/** What the two CSV imports answer (commands/import-payments.ts, commands/import-rates.ts). */
export const CsvUploadResultRef = builder.objectRef<ImportResult>('PaymentsCsvResult').implement({
  description:
    'The answer of postAddUserPaymentsByCSV and postAssignRatesByCSV: the spec fields plus the full report.',
  fields: (t) => ({
    message: t.exposeString('message'),
    countPayments: t.exposeInt('countPayments', {
      description: 'Payments added or fixed (a dry run: that would be).',
    }),
    report: t.expose('report', {
      type: ImportReportRef,
      nullable: true,
      description: 'The report; null for a background upload (background: true).',
    }),
    runId: t.exposeID('runId', {
      nullable: true,
      description:
        'A background upload (background: true): its run, for csvImportRun(id). Null when the call waited.',
    }),
  }),
});

/**
 * What a write on a set of payments changes (an import of payments or of rates, a rate
 * assignment): the payments list, the unfixed payments and the rate preview, and the import
 * history, so the three writes refresh the same screens.
 */
export const PAYMENT_SET_REFRESHES = [
  'userPayments',
  'assetUnFixedPayments',
  'ratesAndBTCAmountAtDeadlineDate',
  'csvImports',
] as const satisfies Refreshes;
