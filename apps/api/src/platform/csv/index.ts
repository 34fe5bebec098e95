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
  csvCellBatchStream,
  csvChunks,
  csvLine,
  csvStream,
  formatCell,
  neutraliseCell,
  numberCsvCell,
  quoteCell,
  textCsvCell,
  UTF8_BOM,
  type CsvCellFormat,
  type CsvColumn,
  type CsvWriteOptions,
} from './csv-writer';
