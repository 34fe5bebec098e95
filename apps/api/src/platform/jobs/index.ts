/** Background jobs (docs/architecture.md, "Platform layer"; docs/decisions/jobs.md). */
export { runBatches, type BatchOutcome } from './batched-job';
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
