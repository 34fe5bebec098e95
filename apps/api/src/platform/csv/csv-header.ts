import type { ImportFileProblem } from '@app/shared';
import { AppError } from '../../shared/app-error';
import type { CsvRecord } from './csv-tokenizer';

/**
 * The columns an import expects, each with the header names it accepts (say `amount`, `金額`,
 * `Amount (ETH)`). Matching ignores case, surrounding spaces, '_'/'-' versus space and full-width/half-width
 * differences (NFKC), so Excel files typed in Japanese input mode still match.
 */
export type CsvColumnSpec<K extends string> = Record<
  K,
  { aliases: readonly string[]; required?: boolean }
>;

export type CsvHeaderMap<K extends string> = {
  /** The cell index of each known column, or undefined when an optional one is absent. */
  index: Record<K, number | undefined>;
  /** Header cells that matched no column (reported, not refused). */
  unknown: string[];
  /** The record's cells by column key; a missing optional column or a short row gives ''. */
  pick: (record: CsvRecord) => Record<K, string>;
};

export function normaliseHeaderName(name: string): string {
  return name
    .normalize('NFKC')
    .trim()
    .replace(/[\s_-]+/g, ' ')
    .toLowerCase();
}

/**
 * A header the file cannot be read with: the columns it repeats or lacks, named alike in the
 * message, the details (`duplicated` or `missing`) and the params the web app words.
 */
function headerRefusal(kind: 'duplicated' | 'missing', columns: string[]): AppError {
  const fileProblem: ImportFileProblem = `${kind}Columns`;
  return new AppError('BAD_USER_INPUT', `Line 1: ${kind} columns: ${columns.join(', ')}`, {
    line: 1,
    [kind]: columns,
    fileProblem,
    params: { columns: columns.join(', ') },
  });
}

/**
 * Maps a header record to the expected columns. Refuses (BAD_USER_INPUT, with details) a
 * missing required column and a header that names the same column twice.
 */
export function mapCsvHeader<K extends string>(
  header: CsvRecord,
  spec: CsvColumnSpec<K>,
): CsvHeaderMap<K> {
  const keys = Object.keys(spec) as K[];
  const byName = new Map<string, K>();
  for (const key of keys) {
    for (const alias of [key, ...spec[key].aliases]) byName.set(normaliseHeaderName(alias), key);
  }
  const index = Object.fromEntries(keys.map((k) => [k, undefined])) as Record<
    K,
    number | undefined
  >;
  const unknown: string[] = [];
  const duplicated: string[] = [];
  header.cells.forEach((cell, i) => {
    // Excel sometimes leaves a BOM on the first header cell when a file was re-encoded.
    const name = normaliseHeaderName(i === 0 ? cell.replace(/^\uFEFF/, '') : cell);
    const key = byName.get(name);
    if (key === undefined) {
      if (name !== '') unknown.push(cell);
    } else if (index[key] !== undefined) {
      duplicated.push(cell);
    } else {
      index[key] = i;
    }
  });
  const missing = keys.filter((k) => spec[k].required !== false && index[k] === undefined);
  if (duplicated.length > 0) throw headerRefusal('duplicated', duplicated);
  if (missing.length > 0) throw headerRefusal('missing', missing);
  return {
    index,
    unknown,
    pick: (record) => {
      const out = {} as Record<K, string>;
      for (const key of keys) {
        const at = index[key];
        out[key] = at === undefined ? '' : (record.cells[at] ?? '');
      }
      return out;
    },
  };
}
