import iconv from 'iconv-lite';
import type { ImportFileProblem } from '@app/shared';
import { AppError } from '../../shared/app-error';

/**
 * What the bytes of an uploaded CSV are, found without asking the operator: a UTF-8 byte
 * order mark, else valid UTF-8, else Shift_JIS as Excel writes it on Japanese Windows (CP932,
 * which iconv-lite decodes with Microsoft's extensions such as ① and 髙).
 */
export type CsvEncoding = 'utf-8-bom' | 'utf-8' | 'cp932';

export const INVALID_CSV_MESSAGE = 'This is not a valid CSV file.';

/** How many leading bytes decide the encoding (the rest is checked while it streams). */
export const CSV_SNIFF_BYTES = 64 * 1024;

function invalidCsv(reason: string): AppError {
  return new AppError('BAD_USER_INPUT', INVALID_CSV_MESSAGE, {
    reason,
    fileProblem: 'notCsv' satisfies ImportFileProblem,
    params: {},
  });
}

/**
 * Refuses what is not text: a ZIP container (xlsx, docx, ods), an old Excel/OLE file, a PDF,
 * NUL bytes (also UTF-16 text) or other control bytes no spreadsheet writes into a CSV.
 */
export function assertTextBytes(bytes: Uint8Array, atStart: boolean): void {
  if (atStart) {
    if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
      throw invalidCsv('zip');
    if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) throw invalidCsv('ole');
    if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw invalidCsv('pdf');
  }
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    // Tab, LF, CR and (in old files) SUB as end-of-file mark are the only controls allowed.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1a) {
      throw invalidCsv(b === 0 ? 'nul' : 'binary');
    }
  }
}

/**
 * Detects the encoding from the first bytes; `complete` says the sample is the whole file.
 * 'ascii' means undecided: nothing but ASCII so far, which reads the same in UTF-8 and
 * CP932; the decoder then decides at the first byte above 0x7F (a file of numbers whose
 * first Japanese name comes after the sniffed part is still read right).
 */
export function detectCsvEncoding(sample: Uint8Array, complete: boolean): CsvEncoding | 'ascii' {
  assertTextBytes(sample, true);
  if (startsWith(sample, [0xef, 0xbb, 0xbf])) return 'utf-8-bom';
  if (!complete && sample.every((b) => b < 0x80)) return 'ascii';
  return isUtf8(sample, complete) ? 'utf-8' : 'cp932';
}

/**
 * Valid UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF). When the sample is cut
 * from a longer file, a multi-byte character cut at its end still counts as valid.
 */
export function isUtf8(bytes: Uint8Array, complete: boolean): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
      cp = b & 0x07;
    } else {
      return false;
    }
    if (i + need >= n) {
      // Fewer continuation bytes left than the lead byte announces.
      if (complete) return false;
      for (let k = i + 1; k < n; k++) if ((bytes[k]! & 0xc0) !== 0x80) return false;
      return true;
    }
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

export type CsvDecoder = {
  write: (bytes: Uint8Array) => string;
  end: () => string;
  /** The encoding in use; 'utf-8' while undecided and after an ASCII-only file. */
  encoding: () => CsvEncoding;
};

/** A streaming decoder for the detected encoding; `write` throws on invalid UTF-8. */
export function createCsvDecoder(detected: CsvEncoding | 'ascii'): CsvDecoder {
  if (detected !== 'ascii') {
    const fixed = createFixedDecoder(detected);
    return { ...fixed, encoding: () => detected };
  }
  let decided: CsvEncoding | undefined;
  let inner: ReturnType<typeof createFixedDecoder> | undefined;
  return {
    write: (bytes) => {
      if (!inner) {
        const firstHigh = bytes.findIndex((b) => b >= 0x80);
        if (firstHigh === -1) return Buffer.from(bytes).toString('latin1');
        decided = isUtf8(bytes.subarray(firstHigh), false) ? 'utf-8' : 'cp932';
        inner = createFixedDecoder(decided);
      }
      return inner.write(bytes);
    },
    end: () => inner?.end() ?? '',
    encoding: () => decided ?? 'utf-8',
  };
}

function createFixedDecoder(encoding: CsvEncoding): {
  write: (bytes: Uint8Array) => string;
  end: () => string;
} {
  if (encoding === 'cp932') {
    const decoder = iconv.getDecoder('cp932');
    return {
      write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)),
      end: () => decoder.end() ?? '',
    };
  }
  // ignoreBOM: false makes TextDecoder drop a leading BOM itself.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const guard = (decode: () => string) => {
    try {
      return decode();
    } catch {
      // Detected as UTF-8 from its start, yet invalid further on: a mixed or damaged file.
      throw invalidCsv('utf-8');
    }
  };
  return {
    write: (bytes) => guard(() => decoder.decode(bytes, { stream: true })),
    end: () => guard(() => decoder.decode()),
  };
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}
