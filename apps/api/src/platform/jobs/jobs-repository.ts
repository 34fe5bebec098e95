import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** The SQL of the platform's job helpers (migration 0030). */

/** Whether a table (`schema.name`) exists. */
export async function tableExists(db: Executor, qualifiedName: string): Promise<boolean> {
  const { rows } = await sql<{ name: string | null }>`
    SELECT to_regclass(${qualifiedName})::text AS name`.execute(db);
  return Boolean(rows[0]?.name);
}

/** Claims `key`; false when an earlier, committed run already did. */
export async function claimProcessedKey(trx: Executor, key: string): Promise<boolean> {
  const row = await trx
    .insertInto('platform_processed_jobs')
    .values({ key })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export type BatchProgress = {
  cursor: string | null;
  batches: number;
  rowsDone: string;
  finished: boolean;
};

/**
 * The progress row of a batched job, created on first use and locked for the rest of the
 * batch's transaction, so two workers given the same job run its batches one at a time.
 */
export async function lockBatchProgress(trx: Executor, key: string): Promise<BatchProgress> {
  await trx
    .insertInto('platform_batch_progress')
    .values({ key })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await trx
    .selectFrom('platform_batch_progress')
    .select(['cursor', 'batches', 'rows_done', 'finished_at'])
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    cursor: row.cursor,
    batches: row.batches,
    rowsDone: row.rows_done,
    finished: row.finished_at !== null,
  };
}

export async function advanceBatchProgress(
  trx: Executor,
  key: string,
  step: { cursor: string | null; rows: number; finished: boolean },
): Promise<void> {
  await trx
    .updateTable('platform_batch_progress')
    .set({
      cursor: step.cursor,
      batches: sql<number>`batches + 1`,
      rows_done: sql<string>`rows_done + ${step.rows}`,
      updated_at: sql<Date>`now()`,
      ...(step.finished ? { finished_at: sql<Date>`now()` } : {}),
    })
    .where('key', '=', key)
    .execute();
}
