import { defineCommand } from '../../../platform/commands';
import { confirmedSetWrite } from '../../../platform/confirmed-set';
import {
  CSV_IMPORT_EVENT,
  CSV_UPLOAD,
  importCsv,
  ratesImportDefinition,
  type CsvImport,
} from '../payments-csv-imports';
import { CsvUploadResultRef, PAYMENT_SET_REFRESHES } from '../payments-types';
import type * as write from '../payments-write-repository';

const NAME = 'postAssignRatesByCSV';

/** An apply acts on a confirmed set: the file its dry run checked. */
export const IMPORT_RATES_SET = confirmedSetWrite(NAME);

/** The rates file's run: one rate assignment per row, by the admin who sent it. */
export const RATES_CSV: CsvImport<write.RateStageKey> = {
  operation: NAME,
  kind: 'rates',
  set: IMPORT_RATES_SET,
  definition: (actor) => ratesImportDefinition(actor),
  verb: 'fixed',
};

/**
 * Assigns rates from a CSV file, one window per row (windows may not overlap); a background
 * upload is stored and run by its job (payments-csv-imports.ts).
 */
export const IMPORT_RATES = defineCommand({
  name: NAME,
  event: CSV_IMPORT_EVENT,
  description:
    'Assigns rates from a CSV file, one window per row (columns startAt,endAt,deadline,BTCHECRate,BTCETHRate; template at GET /templates/rates.csv).',
  access: 'write',
  scope: 'set',
  refreshes: PAYMENT_SET_REFRESHES,
  input: CSV_UPLOAD,
  answer: CsvUploadResultRef,
  handler: (input, { actor, audit, services }) =>
    importCsv(services.imports, audit, actor, RATES_CSV, services.clock(), input),
});
