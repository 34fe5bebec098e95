import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database';
import { forgetDatesAsText, sendDatesAsText } from '../../db/prepared-statements';
import type { DB } from '../../db/schema';
import { quoteIdentifier } from './export-definition';

/** Rows fetched per round trip: big enough to amortise it, small enough to stay in memory. */
export const EXPORT_BATCH_ROWS = 1000;

type Pinned = { conn: Kysely<DB>; release: () => void; done: Promise<void> };

/** Holds one pooled connection until `release()`: a cursor lives in one session. */
function pinConnection(db: Kysely<DB>): Promise<Pinned> {
  return new Promise((resolve, reject) => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const done = db.connection().execute(
      (conn) =>
        new Promise<void>((entered) => {
          resolve({ conn, release, done });
          void held.then(entered);
        }),
    );
    done.catch(reject);
  });
}

/**
 * Streams a query's rows through a server-side cursor, one batch per FETCH, fetched only when
 * the consumer asks for more: constant memory whatever the size, and a slow client holds the
 * cursor back (backpressure). Rows come in batches (one array per FETCH): a promise per row
 * cost more than the CSV formatting of it.
 *
 * - PostgreSQL: a read-only transaction on one pinned connection; the cursor sees one
 *   snapshot; ROLLBACK at the end (also after an error or an early stop) frees it. The next
 *   FETCH is sent before a batch is handed on, so the database reads while Node formats (at
 *   most two batches in memory). Date and time values arrive as text, in UTC
 *   (db/prepared-statements.ts, `sendDatesAsText`; `cellText` writes them as ISO-8601).
 * - PGlite: one in-process session that every request shares, so holding it for a whole
 *   download would stop the app. The cursor is `WITH HOLD` (kept past its transaction in
 *   the session) and each FETCH takes the connection only for itself.
 */
export function cursorBatches<Row>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  query: Compilable<Row>,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  const compiled = query.compile();
  return fetchBatches<Row>(db, engine, compiled.sql, compiled.parameters, batchRows);
}

/**
 * As `cursorBatches`, each row an array of the cells `keys` name, in that order: the query
 * wrapped in `SELECT "key", … FROM (query)`, so the file's columns are the cursor's, and each
 * row object picked into an array the export writer formats by index. Downloads use it on
 * PGlite, and on PostgreSQL only an engine built without a pool (the reference the COPY path
 * is tested against): production downloads on PostgreSQL stream COPY (export-copy.ts).
 */
export async function* cursorCells(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  query: Compilable<unknown>,
  keys: readonly string[],
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<unknown[][]> {
  const compiled = query.compile();
  const list = keys.map(quoteIdentifier).join(', ');
  const text = `SELECT ${list} FROM (${compiled.sql}) AS export_rows`;
  const batches = fetchBatches<Record<string, unknown>>(
    db,
    engine,
    text,
    compiled.parameters,
    batchRows,
  );
  for await (const batch of batches) yield batch.map((row) => keys.map((k) => row[k]));
}

async function* fetchBatches<Row>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  sqlText: string,
  parameters: readonly unknown[],
  batchRows: number,
): AsyncGenerator<Row[]> {
  const cursor = `export_${randomBytes(8).toString('hex')}`;
  const fetchText = `FETCH FORWARD ${batchRows} FROM ${cursor}`;
  const fetch = CompiledQuery.raw(fetchText);
  if (engine === 'pglite') {
    await db.executeQuery(
      CompiledQuery.raw(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${sqlText}`, [
        ...parameters,
      ]),
    );
    try {
      for (;;) {
        const { rows } = await db.executeQuery<Row>(fetch);
        if (rows.length > 0) yield rows;
        if (rows.length < batchRows) return;
      }
    } finally {
      await db.executeQuery(CompiledQuery.raw(`CLOSE ${cursor}`)).catch(() => undefined);
    }
  }
  const pinned = await pinConnection(db);
  sendDatesAsText(fetchText);
  let next: Promise<{ rows: Row[] }> | undefined;
  try {
    await pinned.conn.executeQuery(CompiledQuery.raw('BEGIN READ ONLY'));
    // Timestamps as text in UTC, whatever the server's time zone.
    await pinned.conn.executeQuery(CompiledQuery.raw("SET LOCAL TIME ZONE 'UTC'"));
    // A cursor is planned for its first 10% by default (fast-start plans: nested loops over
    // indexes); an export reads every row, so plan for all of them, as COPY would.
    await pinned.conn.executeQuery(CompiledQuery.raw('SET LOCAL cursor_tuple_fraction = 1'));
    await pinned.conn.executeQuery(
      CompiledQuery.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sqlText}`, [...parameters]),
    );
    next = pinned.conn.executeQuery<Row>(fetch);
    for (;;) {
      const { rows } = await next;
      next = undefined;
      if (rows.length < batchRows) {
        if (rows.length > 0) yield rows;
        return;
      }
      next = pinned.conn.executeQuery<Row>(fetch);
      // An unawaited FETCH that fails while the consumer is away is awaited (and thrown) above.
      next.catch(() => undefined);
      yield rows;
    }
  } finally {
    forgetDatesAsText(fetchText);
    // A FETCH still in flight (the consumer stopped early) must finish before the ROLLBACK.
    await next?.catch(() => undefined);
    // Never hand a connection back inside a transaction (a broken one fails here; the pool
    // drops it on its own).
    await pinned.conn.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
    pinned.release();
    await pinned.done.catch(() => undefined);
  }
}

/** The rows of `cursorBatches` one by one. */
export async function* cursorRows<Row>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  query: Compilable<Row>,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row> {
  for await (const batch of cursorBatches(db, engine, query, batchRows)) yield* batch;
}
