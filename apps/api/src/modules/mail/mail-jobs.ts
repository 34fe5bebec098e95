import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../platform/jobs';
import type { MailWorker } from './mail-worker';

/** The pg-boss queue whose jobs drain the outbox (docs/decisions/mail.md). */
export const MAIL_QUEUE = 'mail-deliver';

/** What the mail service needs of the jobs: enqueue a drain inside its transaction. */
export type MailKick = Pick<Jobs, 'send'>;

/**
 * Declares the drain job: each run sends what is due; while retries or expired claims wait,
 * it schedules one more run for when the next is due (throttled to one per slot, so runs on
 * several replicas do not multiply).
 */
export function registerMailJobs(jobs: Jobs, db: Kysely<DB>, worker: MailWorker): void {
  jobs.work(MAIL_QUEUE, async () => {
    await worker.drain();
    if (!worker.smtpConfigured) return;
    const next = await worker.nextDueInSeconds();
    if (next === null) return;
    await jobs.send(
      db,
      MAIL_QUEUE,
      { retry: true },
      { startAfter: Math.ceil(next) + 1, singletonKey: 'mail-retry', singletonSeconds: 5 },
    );
  });
}
