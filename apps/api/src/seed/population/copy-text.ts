/** Helpers to write rows in PostgreSQL's COPY text format (also turned into INSERT literals). */

export const NULL = '\\N';

/** Escapes a free-text value for COPY text format. */
export function esc(value: string): string {
  // Only backslash, tab, newline and carriage return are special in COPY text format.
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

/** A nullable value for COPY text format. */
export function opt(value: string | null | undefined): string {
  return value === null || value === undefined ? NULL : esc(value);
}

/** Joins already-escaped fields into one COPY line (with its newline). */
export function line(fields: readonly string[]): string {
  return fields.join('\t') + '\n';
}

/** Parses one COPY text line back into SQL literals, for engines without COPY FROM STDIN. */
export function copyLineToSqlValues(copyLine: string): string {
  const fields = copyLine.endsWith('\n') ? copyLine.slice(0, -1).split('\t') : copyLine.split('\t');
  return (
    '(' +
    fields
      .map((f) => {
        if (f === NULL) return 'NULL';
        const raw = f.includes('\\')
          ? f.replace(/\\(.)/g, (_m, c: string) =>
              c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c,
            )
          : f;
        return `'${raw.replace(/'/g, "''")}'`;
      })
      .join(',') +
    ')'
  );
}

const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();

function dayString(day: number): string {
  let text = dayCache.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, text);
  }
  return text;
}

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** UTC timestamp of epoch milliseconds, as COPY reads it (much faster than toISOString in bulk). */
export function ts(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const sec = Math.floor(rest / 1000);
  return `${dayString(day)} ${PAD2[h]}:${PAD2[m]}:${PAD2[sec]}.${PAD3[rest - sec * 1000]}+00`;
}

/** ISO date (UTC) of epoch milliseconds. */
export function isoDate(ms: number): string {
  return dayString(Math.floor(ms / DAY_MS));
}
