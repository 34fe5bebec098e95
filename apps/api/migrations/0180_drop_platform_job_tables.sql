-- Issue 25: runOnce and runBatched (platform/jobs) had no caller and were removed, so the two
-- tables migration 0030 created for them go too. No job writes an effect that needs a claimed
-- key, and the one batched job (the mail expansion, on runBatches) keeps its cursor on its own
-- row (docs/decisions/jobs.md).
DROP TABLE platform_processed_jobs;
DROP TABLE platform_batch_progress;
