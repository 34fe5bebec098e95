import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PageRequest } from '../../shared/page';
import {
  DEFAULT_IMPORT_MAX_BYTES,
  runImport,
  type ImportDefinition,
  type ImportReport,
  type RunImportOptions,
  type UploadedFile,
} from './import-engine';
import { badInput } from '../../shared/list-input';
import { AppError } from '../../shared/app-error';
import type { ImportObservation } from '../metrics';
import { createImportProgressRegistry, PROGRESS_KEY, type ImportProgress } from './import-progress';
import * as repo from './imports-repository';
import { CHECK_REPORT_PAGE_ROWS } from './check-report';

/** What a module passes to `run`: the engine's options, and the client's progress key. */
export type RunOptions = Omit<RunImportOptions, 'maxBytes' | 'onProgress'> & {
  /** Reports the run's phases under this key, for `progress` (the uploader's own). */
  progressKey?: string | null | undefined;
};

/**
 * The import engine as a service: modules take it (server/services.ts hands it in) and run
 * their definitions through `run`; the screen lists what was applied with `history` and
 * follows a running upload with `progress`.
 */
export function createImportsService(
  db: Kysely<DB>,
  options: {
    maxBytes?: number | undefined;
    /** Told of every run's outcome, rows, bytes and time (the metrics). */
    observe?: ((observation: ImportObservation) => void) | undefined;
  } = {},
) {
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  const registry = createImportProgressRegistry();
  const observe = options.observe;

  async function runObserved<K extends string>(
    definition: ImportDefinition<K>,
    upload: UploadedFile,
    engine: RunImportOptions,
  ): Promise<ImportReport> {
    if (!observe) return runImport(db, definition, upload, engine);
    const started = performance.now();
    const observed = (outcome: ImportObservation['outcome'], rows: number) =>
      observe({
        kind: definition.kind,
        dryRun: engine.dryRun,
        outcome,
        rows,
        bytes: upload.size,
        seconds: (performance.now() - started) / 1000,
      });
    try {
      const report = await runImport(db, definition, upload, engine);
      const outcome = report.dryRun ? 'checked' : report.imported ? 'applied' : 'refused';
      observed(outcome, report.rowCount);
      return report;
    } catch (error) {
      observed(error instanceof AppError ? 'refused' : 'failed', 0);
      throw error;
    }
  }

  return {
    maxBytes,
    run: async <K extends string>(
      definition: ImportDefinition<K>,
      upload: UploadedFile,
      run: RunOptions,
    ): Promise<ImportReport> => {
      const { progressKey, ...engine } = run;
      if (progressKey === null || progressKey === undefined || progressKey === '') {
        return runObserved(definition, upload, { ...engine, maxBytes });
      }
      checkProgressKey(progressKey);
      const onProgress = registry.reporter(run.actor.adminUserId, progressKey);
      return runObserved(definition, upload, { ...engine, maxBytes, onProgress });
    },
    /** Where the admin's upload sent with this key is (null: unknown, finished long ago). */
    progress: (adminUserId: number | null, progressKey: string): ImportProgress | null => {
      checkProgressKey(progressKey);
      return registry.get(adminUserId, progressKey);
    },
    /**
     * The admin's newest check report of this content (a dry run's every row), or undefined:
     * a report is its checking admin's own. `pages` reads its rows in line order, a page at a
     * time.
     */
    checkReport: async (adminUserId: number, kind: string, contentHash: string) => {
      if (!/^[0-9a-f]{64}$/.test(contentHash)) return undefined;
      const report = await repo.findCheckReport(db, adminUserId, kind, contentHash);
      if (!report) return undefined;
      async function* pages(): AsyncGenerator<repo.CheckReportRow[]> {
        let after = 0;
        for (;;) {
          const page = await repo.checkReportRows(db, report!.id, after, CHECK_REPORT_PAGE_ROWS);
          if (page.length === 0) return;
          yield page;
          after = page[page.length - 1]!.line;
          if (page.length < CHECK_REPORT_PAGE_ROWS) return;
        }
      }
      return { report, pages };
    },
    /** Applied imports of the given kinds, newest first. */
    history: (kinds: readonly string[], page: PageRequest<repo.ImportsSortTarget>) =>
      repo.listImports(db, kinds, page),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;

function checkProgressKey(key: string): void {
  if (!PROGRESS_KEY.test(key)) {
    throw badInput('progressKey', '8 to 64 letters, digits, "-" or "_" (a UUID fits).');
  }
}
