import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * What one batch's transaction did: wrote a batch and more remain ('more'), wrote the last
 * one ('last'), found the work already finished ('finished'), or found it held by another
 * worker, which goes on with it ('busy').
 */
export type BatchOutcome = { state: 'more' | 'last' | 'finished' | 'busy'; rows: number };

/**
 * The loop of every batched job: runs `batch` in one short transaction after another until it
 * answers anything but 'more' (or `maxBatches` batches were written), calling `onBatch` after
 * each transaction commits. Each batch holds its locks only for its own rows. Where the work
 * resumes (its cursor) and how two workers keep out of each other's way (a lock) are the
 * batch's own: the mail expansion keeps both in the send's row (modules/mail/mail-expansion.ts).
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
