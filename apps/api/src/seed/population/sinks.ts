import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/executor';
import { copyLineToSqlValues } from './copy-text';
import {
  POPULATION_TABLES,
  POPULATION_TABLE_NAMES,
  type PopulationTable,
  type RowSink,
} from './tables';

const FLUSH_BYTES = 256 * 1024;

type CopyStream = ReturnType<typeof copyFrom>;

/** A COPY left without rows this long is ended (and opened again by the next rows). */
const IDLE_COPY_MS = 2_000;

/**
 * Streams every table through its own `COPY ... FROM STDIN` on its own connection, so the
 * server parses several tables at once while this process generates. Connections must have
 * foreign-key and user triggers off (session_replication_role = replica): rows of different
 * tables arrive in any order, and the generator writes derived totals itself.
 *
 * A COPY is open only while its table receives rows: a backend waiting for COPY data does not
 * answer PostgreSQL's ProcSignalBarrier, so one idle COPY (plans are written first, row counts
 * last) made every DROP DATABASE on the server wait for the whole load (50 minutes at 5M users:
 * the test suites' databases could not be dropped meanwhile). Each table's connection keeps its
 * one transaction; its COPYs are ended when idle and opened again when rows come.
 */
export class PgCopySink implements RowSink {
  private readonly buffers = new Map<PopulationTable, string[]>();
  private readonly sizes = new Map<PopulationTable, number>();
  private readonly clients = new Map<PopulationTable, pg.Client>();
  private readonly streams = new Map<
    PopulationTable,
    { stream: CopyStream; done: Promise<void>; lastWrite: number }
  >();
  private readonly ended: Promise<void>[] = [];
  private waits: Promise<void>[] = [];

  constructor(private readonly clientFor: (table: PopulationTable) => Promise<pg.Client>) {}

  /** Opens one connection (and transaction) per table. */
  async open(): Promise<void> {
    for (const table of POPULATION_TABLE_NAMES) {
      this.clients.set(table, await this.clientFor(table));
      this.buffers.set(table, []);
      this.sizes.set(table, 0);
    }
  }

  write(table: PopulationTable, copyLine: string): void {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`no connection open for ${table}`);
    buffer.push(copyLine);
    const size = (this.sizes.get(table) ?? 0) + copyLine.length;
    if (size >= FLUSH_BYTES) this.flush(table);
    else this.sizes.set(table, size);
  }

  private copyOf(table: PopulationTable) {
    let entry = this.streams.get(table);
    if (!entry) {
      const columns = POPULATION_TABLES[table].join(', ');
      const stream = this.clients
        .get(table)!
        .query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`));
      const done = new Promise<void>((resolve, reject) => {
        stream.on('finish', () => resolve());
        stream.on('error', reject);
      });
      // An early server error surfaces at the next drain() or at close().
      done.catch(() => undefined);
      entry = { stream, done, lastWrite: Date.now() };
      this.streams.set(table, entry);
    }
    return entry;
  }

  private flush(table: PopulationTable): void {
    const buffer = this.buffers.get(table);
    if (!buffer || buffer.length === 0) return;
    const entry = this.copyOf(table);
    const ok = entry.stream.write(buffer.join(''));
    entry.lastWrite = Date.now();
    this.buffers.set(table, []);
    this.sizes.set(table, 0);
    if (!ok) this.waits.push(new Promise((resolve) => entry.stream.once('drain', () => resolve())));
  }

  /** Waits for the streams to take what was written; ends the COPYs that have gone idle. */
  async drain(): Promise<void> {
    const waits = this.waits;
    this.waits = [];
    await Promise.race([
      Promise.all(waits),
      ...[...this.streams.values()].map((s) => s.done.then(() => undefined)),
    ]);
    const now = Date.now();
    for (const [table, entry] of this.streams) {
      if (now - entry.lastWrite < IDLE_COPY_MS || (this.sizes.get(table) ?? 0) > 0) continue;
      if ((this.buffers.get(table)?.length ?? 0) > 0) continue;
      entry.stream.end();
      this.ended.push(entry.done);
      this.streams.delete(table);
    }
    // The next COPY on a connection waits for the previous one to finish: awaited here, not
    // by the writer of the next rows.
    if (this.ended.length > 0) await Promise.all(this.ended.splice(0));
  }

  /** Flushes and ends every COPY; resolves when the server has accepted all rows. */
  async close(): Promise<void> {
    for (const table of POPULATION_TABLE_NAMES) this.flush(table);
    for (const { stream } of this.streams.values()) stream.end();
    await Promise.all([...this.ended, ...[...this.streams.values()].map((s) => s.done)]);
  }
}

/**
 * Collects rows and writes them as multi-row INSERTs, tables in dependency order and rows in
 * ascending id order (the generator produces them newest first), so foreign keys hold at each
 * statement. For PGlite, which has no COPY FROM STDIN here, and for demo-size data.
 */
export class SqlInsertSink implements RowSink {
  private readonly rows = new Map<PopulationTable, string[]>();

  write(table: PopulationTable, copyLine: string): void {
    let list = this.rows.get(table);
    if (!list) {
      list = [];
      this.rows.set(table, list);
    }
    list.push(copyLine);
  }

  async drain(): Promise<void> {}

  /** Inserts everything collected; `batchRows` rows per statement. */
  async flushTo(db: Executor, batchRows = 2_000): Promise<void> {
    for (const table of POPULATION_TABLE_NAMES) {
      const list = (this.rows.get(table) ?? []).slice().reverse();
      const columns = POPULATION_TABLES[table].join(', ');
      for (let i = 0; i < list.length; i += batchRows) {
        const values = list
          .slice(i, i + batchRows)
          .map(copyLineToSqlValues)
          .join(',\n');
        await sql.raw(`INSERT INTO ${table} (${columns}) VALUES ${values}`).execute(db);
      }
    }
    this.rows.clear();
  }
}
