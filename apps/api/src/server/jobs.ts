import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import type { DB } from '../db/schema';
import { MAIL_EXPAND_QUEUE, MAIL_QUEUE, registerMailJobs } from '../modules/mail/mail-jobs';
import { createMailWorker } from '../modules/mail/mail-worker';
import { IMPORT_RUN_QUEUE, importRunJob, type ImportsService } from '../platform/imports';
import type { Jobs } from '../platform/jobs';

/** How often a replica looks for background uploads whose process died (seconds). */
const STALE_RUNS_EVERY_MS = 10_000;

/**
 * The background jobs of the server process (test apps from buildApp() run none): every
 * module's job definitions, registered on `jobs` before it starts, with what they need (the
 * mail worker). Modules declare their jobs; only this file registers them, so a new job is
 * named in one place. main.ts starts the workers and calls `afterStart` and `close`.
 */
export function registerJobs(
  jobs: Jobs,
  db: Kysely<DB>,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailRatePerSecond' | 'mailMaxAttempts'>,
  log: (message: string) => void,
  /** The import service whose background uploads this process runs (none: only sends them). */
  imports?: ImportsService,
): { afterStart: () => Promise<void>; close: () => void } {
  const mailWorker = createMailWorker(db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    ratePerSecond: config.mailRatePerSecond,
    maxAttempts: config.mailMaxAttempts,
    log,
  });
  registerMailJobs(jobs, db, mailWorker);
  // Background uploads (issue 36): any replica runs a stored upload; a run whose process died
  // (its heartbeat stopped) is sent to its job again by whichever replica notices first.
  if (imports) jobs.register(importRunJob(imports));
  else jobs.queue(IMPORT_RUN_QUEUE);
  const resume = () =>
    void imports
      ?.resumeStaleRuns()
      .then((resent) => {
        if (resent > 0)
          log(`background uploads: ${resent} run(s) whose process stopped sent again`);
      })
      .catch((error: unknown) => log(`background uploads: ${String(error)}`));
  let sweeper: NodeJS.Timeout | undefined;
  return {
    /** The runs a start asks for, once the workers run. */
    afterStart: async () => {
      // One drain: what a previous run left queued is sent (or reported as waiting).
      await jobs.send(db, MAIL_QUEUE, { start: true });
      // And one expansion: a large send a previous run left half-written continues at its cursor.
      await jobs.send(db, MAIL_EXPAND_QUEUE, { start: true });
      if (imports) {
        sweeper = setInterval(resume, STALE_RUNS_EVERY_MS);
        sweeper.unref();
      }
    },
    /** Closes what the jobs hold open (the SMTP pool), after the workers stopped. */
    close: () => {
      clearInterval(sweeper);
      mailWorker.close();
    },
  };
}
