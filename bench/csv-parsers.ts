/**
 * Which streaming CSV parser the import engine uses (docs/decisions/csv-parser.md).
 *
 * Builds N payment-like rows in memory (default 1,000,000; every 50th has a quoted name with
 * a comma, a doubled quote or a line break), cuts them into 64 KiB chunks, and streams the
 * same chunks through each parser, counting records and cells. Reported as a ratio against
 * the baseline measured in the same run: a bare scan that only counts line breaks (the floor
 * any parser must pay to look at every character).
 *   node --import tsx bench/csv-parsers.ts [--rows 1000000] [--rounds 2]
 */
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { parse as csvParse } from 'csv-parse';
import Papa from 'papaparse';
import { parse as fastCsvParse } from '@fast-csv/parse';
import { CsvTokenizer } from '../apps/api/src/platform/csv/csv-tokenizer';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '2' },
  },
});
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);

function buildChunks(): string[] {
  const parts: string[] = ['user_id,name,amount,currency,paid_at,tx_hash\r\n'];
  for (let i = 1; i <= ROWS; i++) {
    const name =
      i % 50 === 0
        ? `"Tanaka, ""Taro"" ${i}\nsecond line"`
        : i % 7 === 0
          ? `山田太郎${i}`
          : `user${i}`;
    parts.push(
      `${i},${name},${i % 1000}.${String(i).padStart(18, '0')},ETH,2026-11-${String((i % 28) + 1).padStart(2, '0')}T09:00:00+09:00,0x${(i * 2654435761).toString(16).padStart(64, 'a')}\r\n`,
    );
  }
  const text = parts.join('');
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += 65536) chunks.push(text.slice(at, at + 65536));
  return chunks;
}

type Counted = { records: number; cells: number };
type Candidate = { name: string; run: (chunks: string[]) => Promise<Counted> };

/** The records and cells a streaming parser (one string array per record) yields. */
async function countParsed(parser: AsyncIterable<unknown>): Promise<Counted> {
  let records = 0;
  let cells = 0;
  for await (const record of parser) {
    records++;
    cells += (record as string[]).length;
  }
  return { records, cells };
}

const candidates: Candidate[] = [
  {
    name: 'baseline: count line breaks',
    run: async (chunks) => {
      let records = 0;
      for await (const chunk of Readable.from(chunks)) {
        const text = chunk as string;
        let at = text.indexOf('\n');
        while (at !== -1) {
          records++;
          at = text.indexOf('\n', at + 1);
        }
      }
      return { records, cells: 0 };
    },
  },
  {
    name: 'hand-written RFC 4180 tokenizer',
    run: async (chunks) => {
      const tokenizer = new CsvTokenizer();
      let records = 0;
      let cells = 0;
      for await (const chunk of Readable.from(chunks)) {
        for (const record of tokenizer.push(chunk as string)) {
          records++;
          cells += record.cells.length;
        }
      }
      for (const record of tokenizer.end()) {
        records++;
        cells += record.cells.length;
      }
      return { records, cells };
    },
  },
  {
    name: 'csv-parse 6 (stream)',
    run: (chunks) =>
      countParsed(Readable.from(chunks).pipe(csvParse({ relax_column_count: true }))),
  },
  {
    name: 'papaparse 5 (Node stream)',
    run: (chunks) =>
      countParsed(Readable.from(chunks).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, {}))),
  },
  {
    name: '@fast-csv/parse 5 (stream)',
    run: (chunks) => countParsed(Readable.from(chunks).pipe(fastCsvParse())),
  },
];

async function main(): Promise<void> {
  const chunks = buildChunks();
  const megabytes = chunks.reduce((sum, c) => sum + c.length, 0) / 1e6;
  console.log(`${ROWS} rows, ${megabytes.toFixed(1)} M characters, ${ROUNDS} rounds`);
  const best = new Map<string, number>();
  const counts = new Map<string, Counted>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const candidate of candidates) {
      const started = process.hrtime.bigint();
      const counted = await candidate.run(chunks);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      best.set(candidate.name, Math.min(best.get(candidate.name) ?? Infinity, ms));
      counts.set(candidate.name, counted);
    }
  }
  const baseline = best.get(candidates[0]!.name)!;
  console.log('| parser | best ms | ratio to baseline | rows/s | records | cells |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const candidate of candidates) {
    const ms = best.get(candidate.name)!;
    const c = counts.get(candidate.name)!;
    console.log(
      `| ${candidate.name} | ${ms.toFixed(0)} | ${(ms / baseline).toFixed(1)} | ${Math.round((ROWS / ms) * 1000).toLocaleString('en')} | ${c.records} | ${c.cells} |`,
    );
  }
}

await main();
