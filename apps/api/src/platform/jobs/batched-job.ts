import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { advanceBatchProgress, lockBatchProgress } from './jobs-repository';

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
  let batches = 0;
  let rows = 0;
  for (;;) {
    if (options.maxBatches !== undefined && batches >= options.maxBatches) {
      return { batches, rows, alreadyFinished: false };
    }
    const outcome = await db.transaction().execute(async (trx) => {
      const progress = await lockBatchProgress(trx, key);
      if (progress.finished) return { state: 'finished' as const, rows: 0 };
      const done = await step(trx, progress.cursor, options.batchSize);
      const finished = done.rows < options.batchSize;
      await advanceBatchProgress(trx, key, { cursor: done.cursor, rows: done.rows, finished });
      return { state: finished ? ('last' as const) : ('more' as const), rows: done.rows };
    });
    if (outcome.state === 'finished') return { batches, rows, alreadyFinished: batches === 0 };
    batches++;
    rows += outcome.rows;
    if (outcome.state === 'last') return { batches, rows, alreadyFinished: false };
  }
}
