import { defineCommand } from '../../platform/commands';
import { confirmedSetWrite } from '../../platform/confirmed-set';
import { CSV_IMPORT_EVENT, CSV_UPLOAD, importCsv, type CsvImport } from './payments-csv-imports';
import { CsvUploadResultRef, PAYMENT_SET_REFRESHES } from './payments-types';

/**
 * One of the two CSV imports (commands/import-payments.ts, commands/import-rates.ts): the same
 * upload input, event, confirmed set and answer, run by importCsv; only the name, the words and
 * the file's definition differ. Answers the write and its run (`csv`, which the import job
 * runs too, payments-service.ts).
 */
export function csvImportCommand<const N extends string, K extends string>(write: {
  name: N;
  description: string;
  kind: CsvImport<K>['kind'];
  definition: CsvImport<K>['definition'];
  verb: CsvImport<K>['verb'];
}) {
  const { name, kind, definition, verb } = write;
  // An apply acts on a confirmed set: the file its dry run checked.
  const csv: CsvImport<K> = {
    operation: name,
    kind,
    set: confirmedSetWrite(name),
    definition,
    verb,
  };
  const command = defineCommand({
    name,
    event: CSV_IMPORT_EVENT,
    description: write.description,
    access: 'write',
    scope: 'set',
    refreshes: PAYMENT_SET_REFRESHES,
    input: CSV_UPLOAD,
    answer: CsvUploadResultRef,
    handler: (input, { actor, audit, services }) =>
      importCsv(services.imports, audit, actor, csv, services.clock(), input),
  });
  return { command, csv };
}
