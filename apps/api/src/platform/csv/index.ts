/** CSV streams for imports and exports (docs/architecture.md, "Platform layer"). */
export {
  assertTextBytes,
  detectCsvEncoding,
  INVALID_CSV_MESSAGE,
  isUtf8,
  type CsvEncoding,
} from './csv-encoding';
export {
  mapCsvHeader,
  normaliseHeaderName,
  type CsvColumnSpec,
  type CsvHeaderMap,
} from './csv-header';
export { openCsv, type CsvReader, type CsvRecord, type CsvSource } from './csv-reader';
export {
  csvBatchChunks,
  csvBatchStream,
  csvChunks,
  csvLine,
  csvStream,
  formatCell,
  neutraliseCell,
  quoteCell,
  UTF8_BOM,
  type CsvColumn,
  type CsvWriteOptions,
} from './csv-writer';
