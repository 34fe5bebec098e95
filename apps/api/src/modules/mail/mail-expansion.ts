import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './mail-repository';

/** User ids covered by one chunk (one transaction) of a send's expansion. */
export const EXPANSION_CHUNK_IDS = 10_000;

export type ChunkOutcome = {
  /** 'more': a chunk was written and more remain; 'done': the send is fully expanded (now or
   * before); 'busy': another worker holds the send (it goes on expanding it). */
  state: 'more' | 'done' | 'busy';
  rows: number;
};

/**
 * Expands large sends into their outbox rows, chunk by chunk (docs/decisions/mail.md): each
 * chunk is one transaction that locks the send (SKIP LOCKED), inserts the recipients of the next
 * id range and moves the send's cursor. A worker killed mid-expansion leaves the cursor at the
 * last committed chunk and the next run continues there, so no recipient is written twice.
 */
export function createMailExpander(
  db: Kysely<DB>,
  options: { chunkIds?: number | undefined } = {},
) {
  const chunkIds = options.chunkIds ?? EXPANSION_CHUNK_IDS;

  async function chunk(sendId: string): Promise<ChunkOutcome> {
    return db.transaction().execute(async (trx) => {
      const send = await repo.lockExpandingSend(trx, sendId);
      if (!send) {
        const expanding = (await repo.listExpandingSends(trx)).includes(sendId);
        return { state: expanding ? 'busy' : 'done', rows: 0 };
      }
      const upTo = Math.min(send.cursor + chunkIds, send.maxUserId);
      const rows = await repo.expandChunk(trx, send, upTo);
      return { state: upTo >= send.maxUserId ? 'done' : 'more', rows };
    });
  }

  /** Expands one send to the end (or until another worker holds it); calls `onChunk` after each. */
  async function expand(
    sendId: string,
    onChunk?: (outcome: ChunkOutcome) => Promise<void>,
  ): Promise<number> {
    let rows = 0;
    for (;;) {
      const outcome = await chunk(sendId);
      rows += outcome.rows;
      if (outcome.state !== 'busy') await onChunk?.(outcome);
      if (outcome.state !== 'more') return rows;
    }
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

export type MailExpander = ReturnType<typeof createMailExpander>;
