-- Platform layer, jobs (apps/api/src/platform/jobs/). pg-boss keeps its own queue tables in
-- the schema "pgboss", created and upgraded by pg-boss itself when the server starts.

-- Idempotent handlers (processed-jobs.ts): one key per effect of a job, inserted in the same
-- transaction as the effect, so a job delivered twice (a retry after a crash, an expiry)
-- changes nothing the second time.
CREATE TABLE platform_processed_jobs (
  key text PRIMARY KEY CONSTRAINT platform_processed_jobs_key_check CHECK (char_length(key) BETWEEN 1 AND 200),
  processed_at timestamptz NOT NULL DEFAULT now()
);

-- Batched long writes (batched-job.ts): how far a job has got. The cursor advances in the
-- transaction of each batch, so a restarted job resumes after the last committed batch and
-- a finished one is not run again.
CREATE TABLE platform_batch_progress (
  key text PRIMARY KEY CONSTRAINT platform_batch_progress_key_check CHECK (char_length(key) BETWEEN 1 AND 200),
  cursor text,
  batches integer NOT NULL DEFAULT 0,
  rows_done bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
