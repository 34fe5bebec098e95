import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { advanceBatchProgress, lockBatchProgress } from './jobs-repository';

/**
 * What one batch's transaction did: wrote a batch and more remain ('more'), wrote the last
 * one ('last'), found the work already finished ('finished'), or found it held by another
 * worker, which goes on with it ('busy').
 */
export type BatchOutcome = { state: 'more' | 'last' | 'finished' | 'busy'; rows: number };

/**
 * The loop of every batched job: runs `batch` in one short transaction after another until it
 * answers anything but 'more' (or `maxBatches` batches were written), calling `onBatch` after
 * each transaction commits. Where the work resumes (its cursor) and how two workers keep out
 * of each other's way (a lock) are the batch's own: `runBatched` keeps them in a progress row,
 * the mail expansion in the send's row (modules/mail/mail-expansion.ts).
 */
export async function runBatches(
  db: Kysely<DB>,
  batch: (trx: Transaction<DB>) => Promise<BatchOutcome>,
  options: { maxBatches?: number; onBatch?: (outcome: BatchOutcome) => Promise<void> } = {},
): Promise<{ batches: number; rows: number; state: BatchOutcome['state'] }> {
  let batches = 0;
  let rows = 0;
  for (;;) {
    if (options.maxBatches !== undefined && batches >= options.maxBatches) {
      return { batches, rows, state: 'more' };
    }
    const outcome = await db.transaction().execute(batch);
    if (outcome.state === 'more' || outcome.state === 'last') {
      batches++;
      rows += outcome.rows;
    }
    await options.onBatch?.(outcome);
    if (outcome.state !== 'more') return { batches, rows, state: outcome.state };
  }
}

/**
 * A long write cut into short transactions. Writes that touch many rows under the
 * derived-totals lock (migration 0023) would hold that lock, and block every other writer of
 * the same totals, for their whole transaction; as a batched job each transaction handles at
 * most `batchSize` rows and the lock is held only that long.
 *
 * - Resumable: the cursor (where the last committed batch ended, e.g. the last id) is saved
 *   in the batch's own transaction; a job that dies resumes after the last committed batch.
 * - Idempotent: a finished key returns at once; two workers on the same key take turns on
 *   the progress row's lock and never process a batch twice.
 *
 * `step(trx, cursor, batchSize)` processes the rows after `cursor` (null at the start) and
 * returns how many it handled and the new cursor; fewer rows than `batchSize` ends the job.
 */
export type BatchStep = (
  trx: Transaction<DB>,
  cursor: string | null,
  batchSize: number,
) => Promise<{ rows: number; cursor: string | null }>;

export type BatchedJobResult = { batches: number; rows: number; alreadyFinished: boolean };

export async function runBatched(
  db: Kysely<DB>,
  key: string,
  options: { batchSize: number; maxBatches?: number },
  step: BatchStep,
): Promise<BatchedJobResult> {
  const result = await runBatches(
    db,
    async (trx) => {
      const progress = await lockBatchProgress(trx, key);
      if (progress.finished) return { state: 'finished', rows: 0 };
      const done = await step(trx, progress.cursor, options.batchSize);
      const finished = done.rows < options.batchSize;
      await advanceBatchProgress(trx, key, { cursor: done.cursor, rows: done.rows, finished });
      return { state: finished ? 'last' : 'more', rows: done.rows };
    },
    options.maxBatches === undefined ? {} : { maxBatches: options.maxBatches },
  );
  return {
    batches: result.batches,
    rows: result.rows,
    alreadyFinished: result.state === 'finished' && result.batches === 0,
  };
}
