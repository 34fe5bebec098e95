import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error';
import {
  csvCellBatchStream,
  csvChunks,
  csvLine,
  csvStream,
  INVALID_CSV_MESSAGE,
  mapCsvHeader,
  neutraliseCell,
  numberCsvCell,
  openCsv,
  quoteCell,
  textCsvCell,
  type CsvRecord,
} from './index';

/** Streams `bytes` in pieces of `size` bytes, as an upload arrives. */
function chunked(bytes: Uint8Array, size: number): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    pieces.push(Buffer.from(bytes.subarray(at, at + size)));
  }
  return Readable.from(pieces);
}

async function readAll(
  bytes: Uint8Array,
  size = 7,
): Promise<{ encoding: string; records: CsvRecord[] }> {
  const reader = await openCsv(chunked(bytes, size));
  const records: CsvRecord[] = [];
  for await (const record of reader.records) records.push(record);
  return { encoding: reader.encoding, records };
}

async function refusal(bytes: Uint8Array): Promise<AppError> {
  try {
    await readAll(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the file to be refused');
}

describe('CSV reader', () => {
  const text =
    'user_id,name,amount\r\n1,山田太郎,1.5\r\n2,"Tanaka, ""Taro""\nsecond line",0.000000000000000001\r\n3,髙橋①,2\r\n';
  const expected = [
    { line: 1, cells: ['user_id', 'name', 'amount'] },
    { line: 2, cells: ['1', '山田太郎', '1.5'] },
    { line: 3, cells: ['2', 'Tanaka, "Taro"\nsecond line', '0.000000000000000001'] },
    // The quoted line break above makes this record start on physical line 5.
    { line: 5, cells: ['3', '髙橋①', '2'] },
  ];

  it('reads UTF-8 without a BOM, at any chunk size, with quotes and line breaks in cells', async () => {
    for (const size of [1, 2, 3, 5, 64 * 1024]) {
      const result = await readAll(Buffer.from(text, 'utf8'), size);
      expect(result.encoding).toBe('utf-8');
      expect(result.records).toEqual(expected);
    }
  });

  it('reads UTF-8 with a BOM and drops the BOM from the first header cell', async () => {
    const result = await readAll(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    );
    expect(result.encoding).toBe('utf-8-bom');
    expect(result.records).toEqual(expected);
  });

  it('reads Shift_JIS/CP932 from Excel with Japanese names (including CP932-only characters)', async () => {
    const bytes = iconv.encode(text, 'cp932');
    // The bytes really are not UTF-8, or the test would prove nothing.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const result = await readAll(bytes, 3);
    expect(result.encoding).toBe('cp932');
    expect(result.records).toEqual(expected);
  });

  it('decides between UTF-8 and CP932 at the first non-ASCII byte, even after 64 KiB of ASCII', async () => {
    const ascii =
      'id,name\r\n' + Array.from({ length: 12_000 }, (_, i) => `${i},user${i}`).join('\r\n');
    expect(ascii.length).toBeGreaterThan(64 * 1024);
    for (const [encoding, bytes] of [
      ['cp932', iconv.encode(`${ascii}\r\n99999,山田太郎\r\n`, 'cp932')],
      ['utf-8', Buffer.from(`${ascii}\r\n99999,山田太郎\r\n`, 'utf8')],
    ] as const) {
      const reader = await openCsv(chunked(bytes, 4096));
      const records: CsvRecord[] = [];
      for await (const record of reader.records) records.push(record);
      expect(reader.encoding).toBe(encoding);
      expect(records).toHaveLength(12_002);
      expect(records.at(-1)).toEqual({ line: 12_002, cells: ['99999', '山田太郎'] });
    }
  });

  it('reads a last record without a line break, LF-only files, and skips blank lines', async () => {
    const result = await readAll(Buffer.from('a,b\n1,2\n\n3,"x"'));
    expect(result.records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
      { line: 4, cells: ['3', 'x'] },
    ]);
  });

  it('refuses NUL bytes, binary bytes, an xlsx (zip) and UTF-16 as not a valid CSV file', async () => {
    const cases: Array<[Uint8Array, string]> = [
      [Buffer.from('a,b\r\n1,\u0000\r\n'), 'nul'],
      [Buffer.from([0x61, 0x2c, 0x01, 0x02, 0x0d, 0x0a]), 'binary'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), 'zip'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\r\n', 'utf16le')]), 'nul'],
    ];
    for (const [bytes, reason] of cases) {
      const error = await refusal(bytes);
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.message).toBe(INVALID_CSV_MESSAGE);
      expect(error.details).toEqual({ reason, fileProblem: 'notCsv', params: {} });
    }
  });

  it('refuses a NUL byte that arrives after the sniffed start of the file', async () => {
    const big = Buffer.concat([
      Buffer.from('a,b\r\n' + '1,2\r\n'.repeat(20_000)),
      Buffer.from([0]),
    ]);
    const error = await refusal(big);
    expect(error.details).toEqual({ reason: 'nul', fileProblem: 'notCsv', params: {} });
  });

  it('names the line of a syntax error', async () => {
    const error = await refusal(Buffer.from('a,b\r\n1,2\r\n3,"open\r\n'));
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.details).toMatchObject({ line: 3, reason: 'syntax' });
    const stray = await refusal(Buffer.from('a,b\r\n1,"x"y\r\n'));
    expect(stray.details).toMatchObject({ line: 2 });
  });

  it('reads no further than the consumer asks (backpressure on the upload)', async () => {
    let produced = 0;
    const source = Readable.from(
      (function* () {
        yield Buffer.from('n\r\n');
        for (let i = 0; i < 1_000_000; i++) {
          produced++;
          yield Buffer.from(`${i}\r\n`);
        }
      })(),
      { highWaterMark: 4 },
    );
    const reader = await openCsv(source);
    let seen = 0;
    for await (const record of reader.records) {
      void record;
      if (++seen === 100) break;
    }
    // The sniff reads ~64 KiB (about 16k rows of this size) plus a few buffered chunks,
    // never the million rows; and breaking out stops the source.
    expect(produced).toBeLessThan(20_000);
    expect(source.destroyed).toBe(true);
  });
});

describe('CSV header mapping', () => {
  const spec = {
    userId: { aliases: ['user id', 'ユーザーID'] },
    amount: { aliases: ['金額'] },
    memo: { aliases: ['メモ'], required: false },
  };

  it('matches aliases ignoring case, spaces and full-width forms, and picks cells by key', () => {
    const map = mapCsvHeader({ line: 1, cells: ['ＵＳＥＲ ＩＤ', ' 金額 ', 'extra'] }, spec);
    expect(map.index).toEqual({ userId: 0, amount: 1, memo: undefined });
    expect(map.unknown).toEqual(['extra']);
    expect(map.pick({ line: 2, cells: ['7', '1.25'] })).toEqual({
      userId: '7',
      amount: '1.25',
      memo: '',
    });
  });

  it('refuses a missing required column and a duplicated one, naming them', () => {
    expect(() => mapCsvHeader({ line: 1, cells: ['user_id'] }, spec)).toThrow(
      /missing columns: amount/,
    );
    expect(() => mapCsvHeader({ line: 1, cells: ['userId', 'amount', '金額'] }, spec)).toThrow(
      /duplicated columns: 金額/,
    );
  });
});

describe('CSV writer', () => {
  type Row = { name: string; amount: string; count: string | null };
  const columns = [
    { header: 'name', value: (r: Row) => r.name },
    { header: 'amount', kind: 'decimal' as const, value: (r: Row) => r.amount },
    { header: 'count', kind: 'integer' as const, value: (r: Row) => r.count },
  ];

  it('checks cells by character codes exactly as the regular expressions do', () => {
    const texts = [
      '',
      'a',
      '=1',
      '+1',
      '-1',
      '@a',
      '\tb',
      '\rc',
      'a"b',
      'a,b',
      'a\nb',
      'a\rb',
      '"',
      "'=x",
      ' =x',
      '日本,語',
      'x=',
      '==',
      '-',
      'a""b',
    ];
    for (const text of texts) expect(textCsvCell(text)).toBe(quoteCell(neutraliseCell(text)));
    for (const ok of ['0', '-0', '12', '-1.000000000000000001', '123.45'])
      expect(numberCsvCell('decimal', 'amount', ok)).toBe(ok);
    for (const bad of ['', '-', '1.', '.5', '1.2.3', '1,000', '1e5', 'NaN', '+1', ' 1', '1 '])
      expect(() => numberCsvCell('decimal', 'amount', bad)).toThrow(/expects a plain decimal/);
    expect(numberCsvCell('integer', 'n', '-42')).toBe('-42');
    expect(() => numberCsvCell('integer', 'n', '1.5')).toThrow(/expects a plain integer/);
  });

  it('formats rows fetched as arrays in slices, letting other work run between slices', async () => {
    const order: string[] = [];
    const formats = [
      (v: unknown) => {
        order.push(`row ${String(v)}`);
        return String(v);
      },
      (v: unknown) => textCsvCell(String(v)),
    ];
    const batch = [1, 2, 3, 4, 5].map((n) => [n, n === 3 ? '=x' : `a,${n}`]);
    const stream = csvCellBatchStream([batch], ['n', 'text'], formats, { sliceRows: 2 });
    // Queued before the stream starts: it runs between slices, before the batch's last one.
    setImmediate(() => order.push('other work'));
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('\uFEFFn,text\r\n1,"a,1"\r\n2,"a,2"\r\n3,\'=x\r\n4,"a,4"\r\n5,"a,5"\r\n');
    expect(order.indexOf('other work')).toBeLessThan(order.indexOf('row 5'));
  });

  it('neutralises text cells that a spreadsheet would evaluate (OWASP)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(neutraliseCell('plain')).toBe('plain');
    expect(csvLine(['=1+1', 'a,b', 'say "hi"', 'two\nlines'])).toBe(
      `'=1+1,"a,b","say ""hi""","two\nlines"\r\n`,
    );
  });

  it('writes decimal columns exactly, negatives untouched, with a BOM and CRLF', async () => {
    const rows: Row[] = [
      { name: '-cmd', amount: '-123456789012345678.123456789012345678', count: '-3' },
      { name: '山田', amount: '0.000000000000000001', count: null },
    ];
    let text = '';
    for await (const chunk of csvChunks(rows, columns)) text += chunk;
    expect(text).toBe(
      '\uFEFFname,amount,count\r\n' +
        "'-cmd,-123456789012345678.123456789012345678,-3\r\n" +
        '山田,0.000000000000000001,\r\n',
    );
    let plain = '';
    for await (const chunk of csvChunks([], columns, { bom: false })) plain += chunk;
    expect(plain).toBe('name,amount,count\r\n');
  });

  it('refuses a formatted number in a decimal column instead of writing it', async () => {
    const run = async () => {
      for await (const chunk of csvChunks(
        [{ name: 'x', amount: '1,000.5', count: '1' }],
        columns,
      )) {
        void chunk;
      }
    };
    await expect(run()).rejects.toThrow(/expects a plain decimal/);
  });

  it('round-trips through the reader', async () => {
    const rows: Row[] = [{ name: 'a "quoted", multi\r\nline', amount: '1.10', count: '2' }];
    const bytes: Buffer[] = [];
    await pipeline(
      csvStream(rows, columns),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes.push(chunk);
          done();
        },
      }),
    );
    const { records } = await readAll(Buffer.concat(bytes));
    expect(records.map((r) => r.cells)).toEqual([
      ['name', 'amount', 'count'],
      ['a "quoted", multi\r\nline', '1.10', '2'],
    ]);
  });

  it('pulls rows only as fast as a slow consumer drains them (constant memory)', async () => {
    let produced = 0;
    const rows = (function* () {
      for (let i = 0; i < 10_000_000; i++) {
        produced++;
        yield { name: `user${i}`, amount: '1.000000000000000000', count: String(i) };
      }
    })();
    const stream = csvStream(rows, columns, { chunkSize: 16 * 1024 });
    let consumed = 0;
    let maxAhead = 0;
    await new Promise<void>((resolve, reject) => {
      const sink = new Writable({
        highWaterMark: 16 * 1024,
        write(chunk: Buffer, _enc, done) {
          consumed += chunk.length;
          maxAhead = Math.max(maxAhead, produced * 40 - consumed);
          // A slow client: every chunk takes a moment.
          setImmediate(done);
          if (consumed > 2_000_000) stream.destroy();
        },
      });
      stream.on('close', resolve);
      stream.on('error', reject);
      stream.pipe(sink);
    });
    // About 50k rows were consumed; far fewer than the 10M available were ever produced,
    // and what was produced ahead of the consumer stays within a few chunks.
    expect(consumed).toBeGreaterThan(2_000_000);
    expect(produced).toBeLessThan(100_000);
    expect(maxAhead).toBeLessThan(256 * 1024);
  });
});
