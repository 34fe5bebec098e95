import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database';
import type { DB } from '../../db/schema';

/** Rows fetched per round trip: big enough to amortise it, small enough to stay in memory. */
export const EXPORT_BATCH_ROWS = 2000;

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
 * cursor back (backpressure).
 *
 * - PostgreSQL: a read-only transaction on one pinned connection; the cursor sees one
 *   snapshot; ROLLBACK at the end (also after an error or an early stop) frees it.
 * - PGlite: one in-process session that every request shares, so holding it for a whole
 *   download would stop the app. The cursor is `WITH HOLD` (kept past its transaction in
 *   the session) and each FETCH takes the connection only for itself.
 */
export async function* cursorRows<Row>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  query: Compilable<Row>,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row> {
  const compiled = query.compile();
  const cursor = `export_${randomBytes(8).toString('hex')}`;
  const fetch = CompiledQuery.raw(`FETCH FORWARD ${batchRows} FROM ${cursor}`);
  if (engine === 'pglite') {
    await db.executeQuery(
      CompiledQuery.raw(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${compiled.sql}`, [
        ...compiled.parameters,
      ]),
    );
    try {
      for (;;) {
        const { rows } = await db.executeQuery<Row>(fetch);
        yield* rows;
        if (rows.length < batchRows) return;
      }
    } finally {
      await db.executeQuery(CompiledQuery.raw(`CLOSE ${cursor}`)).catch(() => undefined);
    }
  }
  const pinned = await pinConnection(db);
  try {
    await pinned.conn.executeQuery(CompiledQuery.raw('BEGIN READ ONLY'));
    await pinned.conn.executeQuery(
      CompiledQuery.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${compiled.sql}`, [
        ...compiled.parameters,
      ]),
    );
    for (;;) {
      const { rows } = await pinned.conn.executeQuery<Row>(fetch);
      yield* rows;
      if (rows.length < batchRows) return;
    }
  } finally {
    // Never hand a connection back inside a transaction (a broken one fails here; the pool
    // drops it on its own).
    await pinned.conn.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
    pinned.release();
    await pinned.done.catch(() => undefined);
  }
}
