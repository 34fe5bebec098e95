import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineJob, type JobDefinition, type Jobs } from '../../platform/jobs';
import { createMailExpander } from './mail-expansion';
import type { MailWorker } from './mail-worker';

/** The pg-boss queue whose jobs drain the outbox (docs/decisions/mail.md). */
export const MAIL_QUEUE = 'mail-deliver';
/** The pg-boss queue whose jobs write the outbox rows of large sends, in chunks. */
export const MAIL_EXPAND_QUEUE = 'mail-expand';

/** What the mail service needs of the jobs: enqueue a drain inside its transaction. */
export type MailKick = Pick<Jobs, 'send'>;

/** A drain's data: why it was asked for (a send, a retry, an expansion, a start); logs only. */
type MailDrainData = { [reason: string]: unknown };

/**
 * The mail module's jobs, declared for the server to register (server/jobs.ts).
 *
 * The drain job: each run sends what is due; while retries or expired claims wait, it
 * schedules one more run for when the next is due (throttled to one per slot, so runs on
 * several replicas do not multiply).
 *
 * The expansion job: it writes the recipients of every send still expanding, chunk by chunk;
 * after each chunk it asks for a drain (throttled), so delivery starts with the first chunk
 * and runs beside the expansion, and one more drain at the end for the last chunk.
 */
function mailJobs(
  jobs: Pick<Jobs, 'send'>,
  db: Kysely<DB>,
  worker: MailWorker,
  options: { expansionChunkIds?: number } = {},
): { drain: JobDefinition<MailDrainData>; expand: JobDefinition<MailDrainData> } {
  const drain = defineJob<MailDrainData>(MAIL_QUEUE, async () => {
    await worker.drain();
    if (!worker.smtpConfigured) return;
    const next = await worker.nextDueInSeconds();
    if (next === null) return;
    await jobs.send(
      db,
      drain,
      { retry: true },
      { startAfter: Math.ceil(next) + 1, singletonKey: 'mail-retry', singletonSeconds: 5 },
    );
  });
  const expander = createMailExpander(db, { chunkIds: options.expansionChunkIds });
  const expand = defineJob<MailDrainData>(MAIL_EXPAND_QUEUE, async () => {
    const rows = await expander.expandPending(async (outcome) => {
      if (outcome.rows === 0) return;
      await jobs.send(
        db,
        drain,
        { expanding: true },
        { singletonKey: 'mail-expanding', singletonSeconds: 2 },
      );
    });
    if (rows > 0) await jobs.send(db, drain, { expanded: true });
  });
  return { drain, expand };
}

/** Registers the mail module's jobs on `jobs` (the server does, and the mail tests). */
export function registerMailJobs(
  jobs: Jobs,
  db: Kysely<DB>,
  worker: MailWorker,
  options: { expansionChunkIds?: number } = {},
): void {
  const { drain, expand } = mailJobs(jobs, db, worker, options);
  jobs.register(drain);
  jobs.register(expand);
}
