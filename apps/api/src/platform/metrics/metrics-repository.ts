import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The SQL a scrape of `/metrics` runs (metrics.ts): few, cheap statements, each answered from an
 * index, run together in one transaction under a short statement timeout.
 */

type OutboxStatusRow = { status: string; n: number; oldestSeconds: number | null };

/**
 * Mail not yet delivered by status, and the age of the oldest: the queued rows through their
 * partial index (`mail_outbox_due_idx`), the failed ones through theirs (migration 0211).
 * Sent mail is not counted: it is every message ever sent (a scan that grows for ever).
 */
export async function outboxByStatus(db: Executor): Promise<OutboxStatusRow[]> {
  const { rows } = await sql<OutboxStatusRow>`
    SELECT status, count(*)::int AS n,
           extract(epoch FROM now() - min(created_at))::float8 AS "oldestSeconds"
      FROM mail_outbox
     WHERE status IN ('pending', 'sending')
     GROUP BY status
    UNION ALL
    SELECT 'failed', count(*)::int, NULL FROM mail_outbox WHERE status = 'failed'`.execute(db);
  return rows;
}

type JobQueueRow = {
  queue: string;
  state: string;
  n: number;
  oldestSeconds: number | null;
};

/**
 * pg-boss's jobs not yet done, per queue and state, with the oldest's age; and the jobs that
 * failed in the last hour (pg-boss keeps a finished job in `pgboss.job` for 12 hours before it
 * archives it). Every declared queue is listed, with no row when it is empty. Nothing when
 * pg-boss's schema does not exist yet.
 */
export async function jobQueues(db: Executor): Promise<{ queues: string[]; rows: JobQueueRow[] }> {
  const { rows: exists } = await sql<{ name: string | null }>`
    SELECT to_regclass('pgboss.queue')::text AS name`.execute(db);
  if (!exists[0]?.name) return { queues: [], rows: [] };
  const { rows: queues } = await sql<{ name: string }>`
    SELECT name FROM pgboss.queue ORDER BY name`.execute(db);
  const { rows } = await sql<JobQueueRow>`
    SELECT name AS queue, state::text AS state, count(*)::int AS n,
           extract(epoch FROM now() - min(created_on))::float8 AS "oldestSeconds"
      FROM pgboss.job
     WHERE state < 'completed'
        OR (state = 'failed' AND completed_on > now() - interval '1 hour')
     GROUP BY name, state`.execute(db);
  return { queues: queues.map((q) => q.name), rows };
}

type WaitingWithdrawalsRow = { kind: string; over24h: number; oldestSeconds: number | null };

/**
 * Per kind: requests still `requested` after 24 hours, and the age of the oldest waiting one,
 * each a range of the (kind, status, requested_at) index.
 */
export async function waitingWithdrawals(
  db: Executor,
  kinds: readonly string[],
): Promise<WaitingWithdrawalsRow[]> {
  const { rows } = await sql<WaitingWithdrawalsRow>`
    SELECT k.kind,
           (SELECT count(*)::int FROM withdrawal_requests w
             WHERE w.kind = k.kind AND w.status = 'requested'
               AND w.requested_at < now() - interval '24 hours') AS over24h,
           (SELECT extract(epoch FROM now() - min(w.requested_at))::float8
              FROM withdrawal_requests w
             WHERE w.kind = k.kind AND w.status = 'requested') AS "oldestSeconds"
      FROM unnest(${[...kinds]}::text[]) AS k(kind)`.execute(db);
  return rows;
}

/** Bounds every statement of the caller's transaction (PostgreSQL; PGlite ignores it). */
export async function limitStatements(trx: Executor, milliseconds: number): Promise<void> {
  await sql`SELECT set_config('statement_timeout', ${String(milliseconds)}, true)`.execute(trx);
}
