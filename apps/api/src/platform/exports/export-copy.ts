import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { quoteIdentifier, type ExportColumnType } from './export-definition';

/**
 * How long one download's COPY may run on PostgreSQL. A COPY is one statement for the whole
 * file, so the API's per-statement limit (DATABASE_STATEMENT_TIMEOUT_MS, 30 s by default, meant
 * for list queries) would cut a large file or a slow client; an hour still frees the
 * connection of a client that stopped reading.
 */
const EXPORT_COPY_TIMEOUT_MS = 60 * 60_000;

/** Bytes of CSV from COPY with CRLF row ends, and how many rows ended in them. */
export type CsvPiece = { bytes: Buffer; rows: number };

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * PostgreSQL's text of one cell, formatted in SQL exactly as the export writer formats it in
 * Node (export-definition.ts, `cellFormatter`), so COPY's CSV is the same file:
 * - text: a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` (OWASP); an empty text is written
 *   as NULL, since COPY would quote an empty string (`""`) and the writer leaves it empty;
 * - amounts and counts: PostgreSQL's own text (a numeric is never printed with an exponent);
 * - timestamps: ISO-8601 with the business zone's offset (`dateTimeCellSql`, in the session's
 *   zone, which is the business zone); dates: ISO
 *   `YYYY-MM-DD`; booleans: `true`/`false`.
 */
function cellSql(ref: string, type: ExportColumnType): string {
  switch (type) {
    case 'text': {
      const text = `${ref}::text`;
      // ascii() is the code of the first character (0 for an empty text).
      return `CASE WHEN ascii(${text}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${text} ELSE NULLIF(${text}, '') END`;
    }
    case 'decimal':
    case 'integer':
      return `${ref}::text`;
    case 'datetime':
      return dateTimeCellSql(ref);
    case 'date':
      return `${ref}::date::text`;
    case 'boolean':
      return `CASE WHEN ${ref} THEN 'true' WHEN NOT ${ref} THEN 'false' END`;
  }
}

/**
 * A timestamp cell in SQL, as the writer's `isoInTimeZone` (packages/shared) writes it: the
 * wall clock in the business time zone, milliseconds (truncated) only when there are any, then
 * the zone's offset at that instant, `Z` when it is 0: `2026-01-31T18:05:00+09:00`,
 * `2026-01-31T18:05:00.123+09:00`. NULL stays NULL.
 *
 * The zone is the COPY session's own (`copyPieces` sets it), so one `to_char` writes the wall
 * clock and the offset (TZH:TZM): the expression naming the zone with AT TIME ZONE, once for
 * the wall clock and again for each part of the offset, cost 5.2 s per million cells against
 * 1.4 s for this one (the users export at 5M fell to 0.46 of COPY). The output holds no other
 * '.' and no other '+00:00', so the two replaces touch only the milliseconds and the offset.
 */
export function dateTimeCellSql(ref: string): string {
  return (
    `replace(replace(to_char(${ref}::timestamptz, 'YYYY-MM-DD"T"HH24:MI:SS.MSTZH:TZM'),` +
    ` '.000', ''), '+00:00', 'Z')`
  );
}

/**
 * Puts literals in place of the SQL text's `$n` placeholders: COPY is a utility statement and
 * takes no parameters. `$n` inside quoted literals or identifiers of the text is left alone.
 * The literals come from PostgreSQL itself (`parameterLiterals`).
 */
export function inlineParameters(sqlText: string, literals: readonly string[]): string {
  const literal = (index: number): string => {
    const text = literals[index - 1];
    if (text === undefined) throw new Error(`No value for $${index}`);
    return text;
  };
  let out = '';
  let i = 0;
  while (i < sqlText.length) {
    const c = sqlText[i]!;
    if (c === "'" || c === '"') {
      // Copy a quoted literal or identifier whole ('' and "" are its escapes).
      let j = i + 1;
      for (;;) {
        const end = sqlText.indexOf(c, j);
        if (end === -1) throw new Error('Unterminated quote in export SQL');
        if (sqlText[end + 1] === c) j = end + 2;
        else {
          j = end + 1;
          break;
        }
      }
      out += sqlText.slice(i, j);
      i = j;
    } else if (c === '$' && /[0-9]/.test(sqlText[i + 1] ?? '')) {
      let j = i + 1;
      while (j < sqlText.length && /[0-9]/.test(sqlText[j]!)) j++;
      out += literal(Number(sqlText.slice(i + 1, j)));
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Each bound value as a quoted SQL literal, written by PostgreSQL (`quote_nullable`) from the
 * very text pg would bind (dates in the process's zone with their offset, arrays as array
 * literals). The literal is untyped, so PostgreSQL types it from its context in the query
 * exactly as it types the untyped parameter pg would have sent.
 */
async function parameterLiterals(
  client: pg.PoolClient,
  parameters: readonly unknown[],
): Promise<string[]> {
  if (parameters.length === 0) return [];
  const { rows } = await client.query<string[]>({
    text: `SELECT ${parameters.map((_, i) => `quote_nullable($${i + 1}::text)`).join(', ')}`,
    values: [...parameters],
    rowMode: 'array',
  });
  return rows[0]!;
}

/**
 * The statement a download runs on PostgreSQL: the export's SQL (literals inlined) with each
 * file column formatted by `cellSql`, as CSV. The `OFFSET 0` wrapper keeps the export's own
 * query a subquery the planner does not flatten into the cell expressions, so a computed
 * column is computed once however often its cell expression names it.
 */
export function copyStatement(
  sqlText: string,
  literals: readonly string[],
  keys: readonly string[],
  types: readonly ExportColumnType[],
): string {
  const cells = keys.map((key, i) => cellSql(`export_rows.${quoteIdentifier(key)}`, types[i]!));
  const inner = inlineParameters(sqlText, literals);
  return `COPY (SELECT ${cells.join(', ')} FROM (SELECT * FROM (${inner}) AS q OFFSET 0) AS export_rows) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * A converter of COPY's LF row ends into RFC 4180's CRLF, chunk by chunk. A line break inside
 * a quoted cell is part of the cell and stays as it is; quotes are tracked across chunks
 * (`""` toggles twice), since COPY's chunks split rows anywhere.
 */
export function crlfRows(): (chunk: Buffer) => CsvPiece {
  let quoted = false;
  return (chunk) => {
    const ends: number[] = [];
    if (!quoted && chunk.indexOf(QUOTE) === -1) {
      for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) ends.push(at);
    } else {
      for (let at = 0; at < chunk.length; at++) {
        const c = chunk[at];
        if (c === QUOTE) quoted = !quoted;
        else if (c === LF && !quoted) ends.push(at);
      }
    }
    const bytes = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let to = 0;
    for (const end of ends) {
      to += chunk.copy(bytes, to, from, end);
      bytes[to++] = CR;
      bytes[to++] = LF;
      from = end + 1;
    }
    chunk.copy(bytes, to, from);
    return { bytes, rows: ends.length };
  };
}

/**
 * Streams a COPY statement's CSV from PostgreSQL, in a read-only transaction on a connection
 * of its own from `pool`, with backpressure (pg-copy-streams stops reading the socket while
 * the consumer does not read). COPY formats the cells in the server, so Node only passes
 * bytes on: twice the rows per second of a cursor whose rows pg decodes (bench/exports.ts).
 * A COPY cannot be stopped half-way, so a download ended early (client gone, error) destroys
 * its connection; the pool opens another when needed.
 */
export async function* copyPieces(
  pool: pg.Pool,
  query: { sql: string; parameters: readonly unknown[] },
  keys: readonly string[],
  types: readonly ExportColumnType[],
  timeZone: string,
): AsyncGenerator<CsvPiece> {
  const client = await pool.connect();
  let clean = false;
  let copy: ReturnType<typeof copyTo> | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    // The business zone, for the timestamp cells (dateTimeCellSql). The export queries do not
    // read the session's zone otherwise: their bounds are literals with offsets, their date
    // series convert there and back in the same zone (export-engine.test compares the file
    // with the Node writer's in three zones).
    await client.query("SELECT set_config('TimeZone', $1, true)", [timeZone]);
    await client.query("SET LOCAL DateStyle = 'ISO, YMD'");
    await client.query(`SET LOCAL statement_timeout = ${EXPORT_COPY_TIMEOUT_MS}`);
    const literals = await parameterLiterals(client, query.parameters);
    copy = client.query(copyTo(copyStatement(query.sql, literals, keys, types)));
    const convert = crlfRows();
    for await (const chunk of copy as AsyncIterable<Buffer>) yield convert(chunk);
    await client.query('ROLLBACK');
    clean = true;
  } finally {
    if (clean) client.release();
    else {
      // The stream may still report the connection's end; nobody listens any more.
      copy?.on('error', () => undefined);
      copy?.destroy();
      client.release(true);
    }
  }
}
