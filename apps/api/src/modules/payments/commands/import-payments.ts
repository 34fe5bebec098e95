import { csvImportCommand } from '../csv-import-command';
import { paymentsImportDefinition } from '../payments-csv-imports';
import type * as write from '../payments-write-repository';

/**
 * Adds the payments of a CSV file: every row checked, a dry run previews, all or nothing, once
 * per file content; a background upload is stored and run by its job (payments-csv-imports.ts).
 * Its run: rows inserted already fixed, `now` as their assetFixedAt.
 */
export const { command: IMPORT_PAYMENTS, csv: PAYMENTS_CSV } = csvImportCommand<
  'postAddUserPaymentsByCSV',
  write.PaymentStageKey
>({
  name: 'postAddUserPaymentsByCSV',
  description:
    'Adds the payments of a CSV file (columns userId,planId,paidUsd,assetETH,assetHEC,confirmedAt; template at GET /templates/user-payments.csv). All or nothing; the same content applies once.',
  kind: 'payments',
  definition: (_actor, now) => paymentsImportDefinition(now),
  verb: 'imported',
});
