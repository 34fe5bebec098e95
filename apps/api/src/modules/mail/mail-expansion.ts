import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { runBatches, type BatchOutcome } from '../../platform/jobs';
import * as repo from './mail-repository';

/** User ids covered by one chunk (one transaction) of a send's expansion. */
export const EXPANSION_CHUNK_IDS = 10_000;

type ChunkOutcome = {
  /** 'more': a chunk was written and more remain; 'done': the send is fully expanded (now or
   * before); 'busy': another worker holds the send (it goes on expanding it). */
  state: 'more' | 'done' | 'busy';
  rows: number;
};

const chunkOutcome = (outcome: BatchOutcome): ChunkOutcome => ({
  state: outcome.state === 'more' || outcome.state === 'busy' ? outcome.state : 'done',
  rows: outcome.rows,
});

/**
 * Expands large sends into their outbox rows, chunk by chunk (docs/decisions/mail.md): each
 * chunk is one transaction that locks the send (SKIP LOCKED), inserts the recipients of the next
 * id range and moves the send's cursor. A worker killed mid-expansion leaves the cursor at the
 * last committed chunk and the next run continues there, so no recipient is written twice.
 * The loop over the chunks is the platform's batched loop (`runBatches`); the cursor and the
 * lock are the send's own row.
 */
export function createMailExpander(
  db: Kysely<DB>,
  options: { chunkIds?: number | undefined } = {},
) {
  const chunkIds = options.chunkIds ?? EXPANSION_CHUNK_IDS;

  /** One chunk of a send, in the caller's transaction. */
  async function batch(trx: Transaction<DB>, sendId: string): Promise<BatchOutcome> {
    const send = await repo.lockExpandingSend(trx, sendId);
    if (!send) {
      const expanding = (await repo.listExpandingSends(trx)).includes(sendId);
      return { state: expanding ? 'busy' : 'finished', rows: 0 };
    }
    const upTo = Math.min(send.cursor + chunkIds, send.maxUserId);
    const rows = await repo.expandChunk(trx, send, upTo);
    return { state: upTo >= send.maxUserId ? 'last' : 'more', rows };
  }

  async function chunk(sendId: string): Promise<ChunkOutcome> {
    return chunkOutcome(await db.transaction().execute((trx) => batch(trx, sendId)));
  }

  /** Expands one send to the end (or until another worker holds it); calls `onChunk` after each. */
  async function expand(
    sendId: string,
    onChunk?: (outcome: ChunkOutcome) => Promise<void>,
  ): Promise<number> {
    const result = await runBatches(db, (trx) => batch(trx, sendId), {
      onBatch: async (outcome) => {
        if (outcome.state !== 'busy') await onChunk?.(chunkOutcome(outcome));
      },
    });
    return result.rows;
  }

  return {
    chunk,
    expand,
    /** Expands every send still expanding (the job's run, and a restarted server's). */
    async expandPending(onChunk?: (outcome: ChunkOutcome) => Promise<void>): Promise<number> {
      let rows = 0;
      for (const id of await repo.listExpandingSends(db)) rows += await expand(id, onChunk);
      return rows;
    },
  };
}
