import { defineJob, type JobDefinition } from '../jobs';
import { IMPORT_RUN_QUEUE, type ImportsService } from './imports-service';

/** A background upload's job: the run's id (its file and its caller are in the run's row). */
export type ImportRunData = { runId: string };

/**
 * The job of background uploads (issue 36; docs/decisions/csv-imports.md, "Runs"), registered
 * by server/jobs.ts. Polled every half second: an operator waits for it on the screen.
 */
export function importRunJob(imports: ImportsService): JobDefinition<ImportRunData> {
  return defineJob<ImportRunData>(IMPORT_RUN_QUEUE, ({ data }) => imports.runJob(data.runId), {
    pollingIntervalSeconds: 0.5,
  });
}
