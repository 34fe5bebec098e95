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

/**
 * Streams every table through its own `COPY ... FROM STDIN` on its own connection, so the
 * server parses several tables at once while this process generates. Connections must have
 * foreign-key and user triggers off (session_replication_role = replica): rows of different
 * tables arrive in any order, and the generator writes derived totals itself.
 */
export class PgCopySink implements RowSink {
  private readonly buffers = new Map<PopulationTable, string[]>();
  private readonly sizes = new Map<PopulationTable, number>();
  private readonly streams = new Map<
    PopulationTable,
    { stream: CopyStream; done: Promise<void> }
  >();
  private waits: Promise<void>[] = [];

  constructor(private readonly clientFor: (table: PopulationTable) => Promise<pg.Client>) {}

  /** Opens one COPY per table. */
  async open(): Promise<void> {
    for (const table of POPULATION_TABLE_NAMES) {
      const client = await this.clientFor(table);
      const columns = POPULATION_TABLES[table].join(', ');
      const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`));
      const done = new Promise<void>((resolve, reject) => {
        stream.on('finish', () => resolve());
        stream.on('error', reject);
      });
      // An early server error surfaces at the next drain() or at close().
      done.catch(() => undefined);
      this.streams.set(table, { stream, done });
      this.buffers.set(table, []);
      this.sizes.set(table, 0);
    }
  }

  write(table: PopulationTable, copyLine: string): void {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`no COPY open for ${table}`);
    buffer.push(copyLine);
    const size = (this.sizes.get(table) ?? 0) + copyLine.length;
    if (size >= FLUSH_BYTES) this.flush(table);
    else this.sizes.set(table, size);
  }

  private flush(table: PopulationTable): void {
    const buffer = this.buffers.get(table);
    const entry = this.streams.get(table);
    if (!buffer || !entry || buffer.length === 0) return;
    const ok = entry.stream.write(buffer.join(''));
    this.buffers.set(table, []);
    this.sizes.set(table, 0);
    if (!ok) this.waits.push(new Promise((resolve) => entry.stream.once('drain', () => resolve())));
  }

  async drain(): Promise<void> {
    const waits = this.waits;
    this.waits = [];
    await Promise.race([
      Promise.all(waits),
      ...[...this.streams.values()].map((s) => s.done.then(() => undefined)),
    ]);
  }

  /** Flushes and ends every COPY; resolves when the server has accepted all rows. */
  async close(): Promise<void> {
    for (const table of POPULATION_TABLE_NAMES) this.flush(table);
    for (const { stream } of this.streams.values()) stream.end();
    await Promise.all([...this.streams.values()].map((s) => s.done));
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
