import { csvImportCommand } from '../csv-import-command';
import { ratesImportDefinition } from '../payments-csv-imports';
import type * as write from '../payments-write-repository';

/**
 * Assigns rates from a CSV file, one window per row (windows may not overlap); a background
 * upload is stored and run by its job (payments-csv-imports.ts). Its run: one rate assignment
 * per row, by the admin who sent it.
 */
export const { command: IMPORT_RATES, csv: RATES_CSV } = csvImportCommand<
  'postAssignRatesByCSV',
  write.RateStageKey
>({
  name: 'postAssignRatesByCSV',
  description:
    'Assigns rates from a CSV file, one window per row (columns startAt,endAt,deadline,BTCHECRate,BTCETHRate; template at GET /templates/rates.csv).',
  kind: 'rates',
  definition: (actor) => ratesImportDefinition(actor),
  verb: 'fixed',
});
