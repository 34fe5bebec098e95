import { Readable } from 'node:stream';
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseEngine } from '../../db/database';
import type { DB } from '../../db/schema';
import { DEFAULT_BUSINESS_TIME_ZONE, fileNameStamp } from '@app/shared';
import { AppError } from '../../shared/app-error';
import { notFound } from '../../shared/list-input';
import type { Clock } from '../../shared/clock';
import { csvCellBatchStream, csvLine, UTF8_BOM } from '../csv';
import { copyPieces, type CsvPiece } from './export-copy';
import { cursorCells } from './export-cursor';
import type { ExportFilterInput, RegisteredExport } from './export-definition';
import { checkExportLink, signExportLink, type LinkCheck } from './export-link';

/** Where download links point; the route lives outside /graphql-admin. */
export const DOWNLOADS_PATH = '/downloads';
/** How long a link opens its file: long enough to click, short enough not to be kept. */
export const EXPORT_LINK_TTL_MS = 5 * 60_000;

/** What a finished (or broken) download reports for the audit trail. */
export type DownloadRecord = {
  name: string;
  filters: ExportFilterInput;
  rows: number;
  complete: boolean;
};

export type ExportEngineOptions = {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  linkKey: Buffer;
  clock: Clock;
  exports: readonly RegisteredExport[];
  batchRows?: number;
  /**
   * PostgreSQL only: the pool downloads take their own connection from to stream the file
   * with `COPY … TO STDOUT`, the cells formatted in SQL (export-copy.ts). Without it (PGlite,
   * which cannot stream COPY), rows come through a cursor and are formatted in Node.
   */
  copyPool?: pg.Pool | undefined;
  /** Downloads streaming at once in this process (default 4); more answer TOO_MANY_REQUESTS. */
  maxConcurrent?: number;
  /**
   * The business time zone (BUSINESS_TIME_ZONE, default Asia/Tokyo): file names are stamped in
   * it and timestamp cells are written in it with its offset (issue 26, "One clock").
   */
  businessTimeZone?: string | undefined;
};

export type ExportLink = { url: string; expiresAt: Date; fileName: string };

export type OpenedDownload = {
  export: RegisteredExport;
  filters: ExportFilterInput;
  fileName: string;
  /** The CSV bytes; `onEnd` runs once, with the row count and whether every row was sent. */
  stream: (onEnd: (record: DownloadRecord) => Promise<void>) => Promise<Readable>;
};

/**
 * A file name of letters, digits, `-` and `_` only: what the file holds and when, stamped in
 * the business time zone by the one stamp helper (`fileNameStamp`, packages/shared):
 * `users_20261123T1405.csv` in Tokyo, `users_20261123T0505Z.csv` when the zone is UTC.
 */
export function exportFileName(what: string, at: Date, timeZone: string): string {
  const safe = what.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'export';
  return `${safe}_${fileNameStamp(at, timeZone)}.csv`;
}

/**
 * The export engine (DESIGN.md section 4): modules register exports, an export query asks
 * for a link, the download route opens it. Streams rows from a database cursor into the CSV
 * writer with backpressure.
 */
export function createExportEngine(options: ExportEngineOptions) {
  const byName = new Map(options.exports.map((e) => [e.name, e]));
  const maxConcurrent = options.maxConcurrent ?? 4;
  const timeZone = options.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  let active = 0;
  if (byName.size !== options.exports.length) throw new Error('Two exports share a name');

  function find(name: string): RegisteredExport {
    const found = byName.get(name);
    if (!found) throw notFound('export', name);
    return found;
  }

  return {
    exports: options.exports,

    find,

    /**
     * Validates the filters now (bad input is answered by the query) and signs a link. The
     * link carries the file's name (`fileName`, or one stamped now), so the file is saved
     * under exactly the name the export call answered.
     */
    issueLink(
      adminUserId: number,
      name: string,
      filters: ExportFilterInput,
      fileNameGiven?: string,
    ): ExportLink {
      const found = find(name);
      found.prepare(filters);
      const now = options.clock();
      const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MS);
      const fileName = fileNameGiven ?? exportFileName(found.fileName, now, timeZone);
      const token = signExportLink(options.linkKey, {
        name,
        filters,
        adminUserId,
        expiresAt: expiresAt.getTime(),
        fileName,
      });
      // The token rides in the query: path parameters are capped at 100 characters.
      return { url: `${DOWNLOADS_PATH}/${fileName}?link=${token}`, expiresAt, fileName };
    },

    check(token: string, adminUserId: number): LinkCheck {
      return checkExportLink(options.linkKey, token, adminUserId, options.clock().getTime());
    },

    /** The first rows of an export, from the same SQL as its file (the download centre). */
    async preview(
      name: string,
      filters: ExportFilterInput,
      limit: number,
    ): Promise<{ columns: RegisteredExport['columns']; rows: string[][] }> {
      const found = find(name);
      const query = found.prepare(filters);
      const compiled = query.compile();
      // A plain LIMIT over the file's own SQL: the first rows in the file's order.
      const { rows: first } = await options.db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(
          `SELECT * FROM (${compiled.sql}) AS preview LIMIT ${Math.max(0, Math.floor(limit))}`,
          [...compiled.parameters],
        ),
      );
      const csvColumns = found.csvColumns(timeZone);
      const rows = first.map((row) => csvColumns.map((c) => c.value(row) ?? ''));
      return { columns: found.columns, rows };
    },

    /** Opens a checked link's export: the caller has authenticated the admin it names. */
    open(name: string, filters: ExportFilterInput, fileName?: string): OpenedDownload {
      const found = find(name);
      const query = found.prepare(filters);
      return {
        export: found,
        filters,
        fileName: fileName ?? exportFileName(found.fileName, options.clock(), timeZone),
        stream: async (onEnd) => {
          if (found.stored) {
            // A kept file: its bytes as handed out the first time, never rebuilt.
            const file = await found.stored(filters);
            const stream = Readable.from([file.content], { objectMode: false });
            let ended = false;
            const end = (complete: boolean) => {
              if (ended) return;
              ended = true;
              onEnd({ name, filters, rows: file.rows, complete }).catch((error: unknown) =>
                stream.emit('warning', error),
              );
            };
            stream.once('end', () => end(true));
            stream.once('close', () => end(false));
            return stream;
          }
          // Each download holds a database connection (PGlite: a cursor in its one session):
          // a bound keeps slow clients from taking every connection the API needs.
          if (active >= maxConcurrent) {
            throw new AppError(
              'TOO_MANY_REQUESTS',
              'Too many downloads are running; try again in a moment.',
            );
          }
          active += 1;
          const headers = found.columns.map((c) => c.header);
          if (options.copyPool) {
            const pieces = copyPieces(
              options.copyPool,
              query.compile(),
              found.keys,
              found.columns.map((c) => c.type),
              timeZone,
            );
            return streamDownload(
              pieces,
              (piece) => piece.rows,
              (body) => Readable.from(withHeader(headers, body), { objectMode: false }),
            );
          }
          const batches = cursorCells(
            options.db,
            options.engine,
            query,
            found.keys,
            options.batchRows,
          );
          return streamDownload(
            batches,
            (batch) => batch.length,
            (body) => csvCellBatchStream(body, headers, found.cellFormats(timeZone)),
          );

          /**
           * The download's bytes from `source`, counted by `rows`; `onEnd` runs once, however
           * the download ends: the last row sent, an error, or the client gone (also before
           * the first chunk was pulled, when the body below never ran). The first chunk is
           * read before any byte is sent, so a failing query is a plain error answer rather
           * than a file that stops after its header.
           */
          async function streamDownload<T>(
            source: AsyncGenerator<T>,
            rows: (chunk: T) => number,
            write: (body: AsyncGenerator<T>) => Readable,
          ): Promise<Readable> {
            let count = 0;
            let ended = false;
            const end = async (complete: boolean) => {
              if (ended) return;
              ended = true;
              active -= 1;
              if (!complete) await source.return(undefined).catch(() => undefined);
              await onEnd({ name, filters, rows: count, complete });
            };
            let first: IteratorResult<T>;
            try {
              first = await source.next();
            } catch (error) {
              ended = true;
              active -= 1;
              throw error;
            }
            async function* counted(): AsyncGenerator<T> {
              let complete = false;
              try {
                if (!first.done) {
                  count += rows(first.value);
                  yield first.value;
                  for await (const chunk of source) {
                    count += rows(chunk);
                    yield chunk;
                  }
                }
                complete = true;
              } finally {
                await end(complete);
              }
            }
            const stream = write(counted());
            stream.once('close', () => {
              end(false).catch((error: unknown) => stream.emit('warning', error));
            });
            return stream;
          }
        },
      };
    },
  };
}

export type ExportEngine = ReturnType<typeof createExportEngine>;

/** The file's bytes: the BOM and the header line, then COPY's rows. */
async function* withHeader(
  headers: readonly string[],
  body: AsyncIterable<CsvPiece>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(UTF8_BOM + csvLine(headers), 'utf8');
  for await (const piece of body) yield piece.bytes;
}
