import type { PGlite, Results } from '@electric-sql/pglite';

type QueryResult = { command: string; rowCount: number; rows: unknown[] };

/**
 * Presents one PGlite instance as a pg-style pool of size one so Kysely's own
 * PostgresDialect drives both engines. PGlite has a single session, so a connection is
 * handed out to one caller at a time; a transaction holds it until it is released.
 */
export class PgliteSingleConnectionPool {
  private queue: Promise<void> = Promise.resolve();
  /** Callers waiting for the connection, and whether one holds it (for the metrics). */
  waiting = 0;
  held = false;

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<{
    query: (sql: string, params?: unknown[]) => Promise<QueryResult>;
    release: () => void;
  }> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.waiting += 1;
    try {
      await previous;
    } finally {
      this.waiting -= 1;
    }
    this.held = true;
    return {
      query: (sql, params) => this.query(sql, params),
      release: () => {
        this.held = false;
        release();
      },
    };
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }

  private async query(sql: string, params: unknown[] = []): Promise<QueryResult> {
    // Without parameters the simple protocol is used, as pg does, so scripts with several
    // statements (migrations) work on both engines.
    if (params.length === 0) {
      const results = await this.pglite.exec(sql);
      const last = results[results.length - 1];
      return toPgResult(sql, last);
    }
    return toPgResult(sql, await this.pglite.query(sql, params));
  }
}

function toPgResult(sql: string, result: Results | undefined): QueryResult {
  const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
  return {
    command: command === 'WITH' ? inferCommandOfCte(sql) : command,
    rowCount: result?.affectedRows ?? result?.rows.length ?? 0,
    rows: result?.rows ?? [],
  };
}

function inferCommandOfCte(sql: string): string {
  const match = /\)\s*(INSERT|UPDATE|DELETE|SELECT)\b[^()]*$/i.exec(sql);
  return match?.[1]?.toUpperCase() ?? 'SELECT';
}
