/** Background jobs (docs/architecture.md, "Platform layer"; docs/decisions/jobs.md). */
export { runBatched, type BatchedJobResult, type BatchStep } from './batched-job';
export { runOnce } from './idempotent';
export {
  createJobs,
  installJobsSchema,
  kyselyJobDb,
  type JobHandler,
  type Jobs,
  type JobsOptions,
  type SendOptions,
} from './jobs';
