import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineListExport } from '../../platform/lists';
import { PAYMENTS_EXPORT_V2_COLUMNS, PAYMENTS_LIST } from './payments-list';
import { paymentsExportQuery } from './payments-repository';
import { paymentsFilter } from './payments-service';

/**
 * userPaymentsCSV, two layouts (docs/api.md, "Exports"): V1 is the list as on screen; V2 is the
 * bookkeeper's, one row per payment with every amount, rate and date and the user's email.
 */
export function paymentsExports(db: Kysely<DB>) {
  const options = {
    filter: paymentsFilter,
    query: (
      filter: ReturnType<typeof paymentsFilter>,
      sort: Parameters<typeof paymentsExportQuery>[2],
    ) => paymentsExportQuery(db, filter, sort),
  };
  return [
    defineListExport(PAYMENTS_LIST, options),
    defineListExport(PAYMENTS_LIST, {
      ...options,
      layout: {
        name: 'userPaymentsV2',
        fileName: 'payments_v2',
        columns: PAYMENTS_EXPORT_V2_COLUMNS,
      },
    }),
  ];
}
