import { defineCommand } from '../../../platform/commands';
import { confirmedSetWrite } from '../../../platform/confirmed-set';
import {
  CSV_IMPORT_EVENT,
  CSV_UPLOAD,
  importCsv,
  paymentsImportDefinition,
  type CsvImport,
} from '../payments-csv-imports';
import { CsvUploadResultRef, PAYMENT_SET_REFRESHES } from '../payments-types';
import type * as write from '../payments-write-repository';

const NAME = 'postAddUserPaymentsByCSV';

/** An apply acts on a confirmed set: the file its dry run checked. */
export const IMPORT_PAYMENTS_SET = confirmedSetWrite(NAME);

/** The payments file's run: rows inserted already fixed, `now` as their assetFixedAt. */
export const PAYMENTS_CSV: CsvImport<write.PaymentStageKey> = {
  operation: NAME,
  kind: 'payments',
  set: IMPORT_PAYMENTS_SET,
  definition: (_actor, now) => paymentsImportDefinition(now),
  verb: 'imported',
};

/**
 * Adds the payments of a CSV file: every row checked, a dry run previews, all or nothing, once
 * per file content; a background upload is stored and run by its job (payments-csv-imports.ts).
 */
export const IMPORT_PAYMENTS = defineCommand({
  name: NAME,
  event: CSV_IMPORT_EVENT,
  description:
    'Adds the payments of a CSV file (columns userId,planId,paidUsd,assetETH,assetHEC,confirmedAt; template at GET /templates/user-payments.csv). All or nothing; the same content applies once.',
  access: 'write',
  scope: 'set',
  refreshes: PAYMENT_SET_REFRESHES,
  input: CSV_UPLOAD,
  answer: CsvUploadResultRef,
  handler: (input, { actor, audit, services }) =>
    importCsv(services.imports, audit, actor, PAYMENTS_CSV, services.clock(), input),
});
