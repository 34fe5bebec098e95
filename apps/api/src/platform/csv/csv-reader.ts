import type { Readable } from 'node:stream';
import type { ImportFileProblem } from '@app/shared';
import { AppError } from '../../shared/app-error';
import {
  assertTextBytes,
  createCsvDecoder,
  CSV_SNIFF_BYTES,
  detectCsvEncoding,
  INVALID_CSV_MESSAGE,
  type CsvDecoder,
  type CsvEncoding,
} from './csv-encoding';
import { CsvSyntaxError, CsvTokenizer, type CsvRecord } from './csv-tokenizer';

export type { CsvRecord } from './csv-tokenizer';

export type CsvReader = {
  /**
   * The file's encoding. Known at once for most files; for a file that starts with more
   * than 64 KiB of plain ASCII it is final only after the first non-ASCII byte was read.
   */
  readonly encoding: CsvEncoding;
  /** Every record in file order, header first; `line` is its physical line (header = 1). */
  records: AsyncGenerator<CsvRecord>;
};

export type CsvSource = AsyncIterable<Uint8Array | string> | Readable;

/**
 * Opens an uploaded CSV: reads just enough bytes to decide the encoding (or refuse a file
 * that is not text), then parses record by record as the caller consumes them. Nothing is
 * read ahead of the consumer, so a slow validator holds back the upload (backpressure) and
 * memory stays at one chunk plus one record.
 *
 * Errors are AppErrors with code BAD_USER_INPUT: "not a valid CSV file" (binary, NUL bytes,
 * a zip/xlsx container, broken UTF-8) or a syntax error with `details.line`.
 */
export async function openCsv(source: CsvSource): Promise<CsvReader> {
  const iterator = (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < CSV_SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const bytes = toBytes(next.value);
    head.push(bytes);
    headBytes += bytes.length;
  }
  const sample = Buffer.concat(head);
  const decoder = createCsvDecoder(detectCsvEncoding(sample, done));
  return {
    get encoding() {
      return decoder.encoding();
    },
    records: readRecords(decoder, sample, iterator, done),
  };
}

async function* readRecords(
  decoder: CsvDecoder,
  sample: Uint8Array,
  iterator: AsyncIterator<Uint8Array | string>,
  done: boolean,
): AsyncGenerator<CsvRecord> {
  const tokenizer = new CsvTokenizer();
  try {
    yield* tokenizer.push(decoder.write(sample));
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      const bytes = toBytes(next.value);
      assertTextBytes(bytes, false);
      yield* tokenizer.push(decoder.write(bytes));
    }
    yield* tokenizer.push(decoder.end());
    yield* tokenizer.end();
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw new AppError('BAD_USER_INPUT', `Line ${error.line}: ${error.message}`, {
        line: error.line,
        reason: 'syntax',
        fileProblem: 'csvSyntax' satisfies ImportFileProblem,
        params: { line: error.line },
      });
    }
    throw error;
  } finally {
    // Stops the upload stream when the consumer gives up early (an error, a break).
    await iterator.return?.();
  }
}

function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

export { INVALID_CSV_MESSAGE };
