import { Readable } from 'node:stream';

/**
 * One column of an export. `text` cells are neutralised against spreadsheet formulas;
 * `decimal` cells (amounts, as the exact decimal strings the database returns) and
 * `integer` cells are written exactly as given and refused if they are not plain numbers,
 * so a negative amount stays a number and never gets a leading quote.
 */
export type CsvColumn<Row> = {
  header: string;
  kind?: 'text' | 'decimal' | 'integer';
  value: (row: Row) => string | null | undefined;
};

export type CsvWriteOptions = {
  /** Start with a UTF-8 byte order mark so Excel opens the file as UTF-8 (default true). */
  bom?: boolean;
  /** Characters gathered before a chunk is handed on (default 64 KiB). */
  chunkSize?: number;
  /** Rows formatted between two turns of the event loop (`csvCellBatchStream`, default 250). */
  sliceRows?: number;
};

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const UTF8_BOM = '\uFEFF';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;
// OWASP "CSV injection": these first characters make a spreadsheet evaluate the cell.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Prefixes a text cell that a spreadsheet would run as a formula with `'`. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 quoting: a cell with a comma, a quote or a line break is quoted, quotes doubled. */
export function quoteCell(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const EQUALS = 0x3d;
const PLUS = 0x2b;
const MINUS = 0x2d;
const AT = 0x40;
const TAB = 0x09;
const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const COMMA = 0x2c;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/**
 * `quoteCell(neutraliseCell(text))` with character-code checks instead of regular
 * expressions: the export writer calls it for every text cell of a million-row file.
 */
export function textCsvCell(text: string): string {
  if (text.length === 0) return text;
  const first = text.charCodeAt(0);
  const cell =
    first === EQUALS ||
    first === PLUS ||
    first === MINUS ||
    first === AT ||
    first === TAB ||
    first === CR
      ? `'${text}`
      : text;
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c === QUOTE || c === COMMA || c === CR || c === LF) return `"${cell.replace(/"/g, '""')}"`;
  }
  return cell;
}

/**
 * A `decimal` (`-?digits(.digits)?`) or `integer` (`-?digits`) cell as given, checked by
 * character codes; anything else is a programming error, as in `formatCell`.
 */
export function numberCsvCell(kind: 'decimal' | 'integer', header: string, text: string): string {
  const n = text.length;
  let i = n > 0 && text.charCodeAt(0) === MINUS ? 1 : 0;
  let digits = 0;
  let dot = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) digits++;
    else if (c === DOT && kind === 'decimal' && dot === -1 && digits > 0) dot = i;
    else break;
  }
  if (i === n && digits > 0 && dot !== n - 1) return text;
  throw new Error(`CSV column "${header}" expects a plain ${kind}, got "${text}"`);
}

/** One record as RFC 4180 text ending in CRLF; every cell is treated as text. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => quoteCell(neutraliseCell(cell))).join(',') + '\r\n';
}

export function formatCell<Row>(column: CsvColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  const kind = column.kind ?? 'text';
  if (kind === 'text') return quoteCell(neutraliseCell(value));
  if (!(kind === 'decimal' ? DECIMAL : INTEGER).test(value)) {
    // A programming error (a formatted or localised number reached the writer), not input.
    throw new Error(`CSV column "${column.header}" expects a plain ${kind}, got "${value}"`);
  }
  return value;
}

function rowLine<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += ',';
    line += formatCell(columns[i]!, row);
  }
  return line + '\r\n';
}

function headerText<Row>(columns: readonly CsvColumn<Row>[], options: CsvWriteOptions): string {
  return ((options.bom ?? true) ? UTF8_BOM : '') + csvLine(columns.map((c) => c.header));
}

/**
 * The export text, as an async generator of chunks: the header, then one line per row.
 * Rows are pulled from `rows` only as fast as the consumer takes chunks.
 */
export async function* csvChunks<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly CsvColumn<Row>[],
  options: CsvWriteOptions = {},
): AsyncGenerator<string> {
  const chunkSize = options.chunkSize ?? 64 * 1024;
  let buffer = headerText(columns, options);
  for await (const row of rows) {
    buffer += rowLine(columns, row);
    if (buffer.length >= chunkSize) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer.length > 0) yield buffer;
}

/**
 * As `csvChunks`, from rows that arrive in batches (a database cursor's FETCHes): one
 * await per batch rather than per row.
 */
export async function* csvBatchChunks<Row>(
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
  options: CsvWriteOptions = {},
): AsyncGenerator<string> {
  const chunkSize = options.chunkSize ?? 64 * 1024;
  let buffer = headerText(columns, options);
  for await (const batch of batches) {
    for (const row of batch) {
      buffer += rowLine(columns, row);
      if (buffer.length >= chunkSize) {
        yield buffer;
        buffer = '';
      }
    }
  }
  if (buffer.length > 0) yield buffer;
}

/**
 * The export as a Node byte stream (UTF-8). Readable.from pulls the next chunk only when the
 * stream's buffer is below its high-water mark, so a slow client holds back the database
 * cursor and the export runs in constant memory whatever its size.
 */
export function csvStream<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: readonly CsvColumn<Row>[],
  options: CsvWriteOptions = {},
): Readable {
  return byteStream(csvChunks(rows, columns, options), options);
}

/** `csvStream` from rows in batches (`csvBatchChunks`). */
export function csvBatchStream<Row>(
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
  options: CsvWriteOptions = {},
): Readable {
  return byteStream(csvBatchChunks(batches, columns, options), options);
}

function byteStream(chunks: AsyncIterable<string>, options: CsvWriteOptions): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
    })(),
    { objectMode: false, highWaterMark: options.chunkSize ?? 64 * 1024 },
  );
}

/** A cell's CSV text from a value of a row fetched as an array (`csvCellBatchStream`). */
export type CsvCellFormat = (value: unknown) => string;

/**
 * The export as a byte stream from rows fetched as arrays (a database cursor's FETCHes),
 * formatted by column index: one string and one Buffer per batch (one write rather than one
 * per 64 KiB), pulled only as the consumer reads, so memory stays at about two batches.
 */
export function csvCellBatchStream(
  batches:
    AsyncIterable<readonly (readonly unknown[])[]> | Iterable<readonly (readonly unknown[])[]>,
  headers: readonly string[],
  formats: readonly CsvCellFormat[],
  options: CsvWriteOptions = {},
): Readable {
  const width = formats.length;
  const slice = options.sliceRows ?? 250;
  async function* chunks(): AsyncGenerator<Buffer> {
    let text = ((options.bom ?? true) ? UTF8_BOM : '') + csvLine(headers);
    for await (const batch of batches) {
      for (let start = 0; start < batch.length; start += slice) {
        // Other requests get the event loop between slices: a batch formatted in one go
        // held it for several milliseconds, and every list request needs several turns.
        if (start > 0) await yieldToEventLoop();
        const end = Math.min(batch.length, start + slice);
        for (let r = start; r < end; r++) {
          const row = batch[r]!;
          let line = formats[0]!(row[0]);
          for (let i = 1; i < width; i++) line += ',' + formats[i]!(row[i]);
          text += line + '\r\n';
        }
      }
      yield Buffer.from(text, 'utf8');
      text = '';
    }
    if (text.length > 0) yield Buffer.from(text, 'utf8');
  }
  return Readable.from(chunks(), {
    objectMode: false,
    highWaterMark: options.chunkSize ?? 64 * 1024,
  });
}
