/** Helpers to write rows in PostgreSQL's COPY text format (also turned into INSERT literals). */

export const NULL = '\\N';

/** Escapes a free-text value for COPY text format. */
export function esc(value: string): string {
  // Only backslash, tab, newline and carriage return are special in COPY text format.
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
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
          ? f.replace(/\\(.)/g, (_m, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c))
          : f;
        return `'${raw.replace(/'/g, "''")}'`;
      })
      .join(',') +
    ')'
  );
}

/** ISO timestamp of epoch milliseconds. */
export function ts(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO date (UTC) of epoch milliseconds. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
