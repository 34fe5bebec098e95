import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './timestamp';

/** Tables of the platform layer (migration 0030). */
export type PlatformProcessedJobsTable = {
  key: string;
  processed_at: Timestamp;
};

export type PlatformBatchProgressTable = {
  key: string;
  cursor: string | null;
  batches: Generated<number>;
  // BIGINT comes back as a string on both engines.
  rows_done: ColumnType<string, string | undefined, string>;
  started_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
};

export type PlatformTables = {
  platform_processed_jobs: PlatformProcessedJobsTable;
  platform_batch_progress: PlatformBatchProgressTable;
};
