/** Background jobs (docs/architecture.md, "Platform layer"; docs/decisions/jobs.md). */
export {
  runBatched,
  runBatches,
  type BatchedJobResult,
  type BatchOutcome,
  type BatchStep,
} from './batched-job';
export { runOnce } from './idempotent';
export {
  createJobs,
  defineJob,
  installJobsSchema,
  kyselyJobDb,
  type JobDefinition,
  type JobHandler,
  type Jobs,
  type JobsOptions,
  type SendOptions,
} from './jobs';
