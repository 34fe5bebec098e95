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
import * as repo from './imports-repository';

/**
 * The import engine as a service: modules take it (server/services.ts hands it in) and run
 * their definitions through `run`; the screen lists what was applied with `history`.
 */
export function createImportsService(db: Kysely<DB>, options: { maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  return {
    maxBytes,
    run: <K extends string>(
      definition: ImportDefinition<K>,
      upload: UploadedFile,
      run: Omit<RunImportOptions, 'maxBytes'>,
    ): Promise<ImportReport> => runImport(db, definition, upload, { ...run, maxBytes }),
    /** Applied imports of the given kinds, newest first. */
    history: (kinds: readonly string[], page: PageRequest<repo.ImportsSortTarget>) =>
      repo.listImports(db, kinds, page),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
