import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { claimProcessedKey } from './jobs-repository';

/**
 * Runs `work` at most once per `key`, ever: the key is claimed in the same transaction as the
 * work, so either both commit or neither does. A job delivered again (pg-boss retries a job
 * whose worker died, or two replicas race on an expired one) finds the key taken and does
 * nothing. Use a key naming the effect, e.g. `mail:${outboxId}` or the job id.
 *
 * Returns `{ ran: false }` when an earlier run already committed.
 */
export async function runOnce<T>(
  db: Kysely<DB>,
  key: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimProcessedKey(trx, key))) return { ran: false as const };
    return { ran: true as const, result: await work(trx) };
  });
}
