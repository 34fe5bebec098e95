import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { isRetryableDatabaseError } from '../db-errors';
import { tableExists } from './jobs-repository';

/**
 * Background jobs on pg-boss 10 (docs/decisions/jobs.md), in the app's own database and
 * through the app's own Kysely connections (pg-boss's bring-your-own `db`), so it runs the
 * same on PostgreSQL and on embedded PGlite.
 *
 * - `send(trx, …)` enqueues on the caller's transaction: the job exists only if the business
 *   change commits, and a rolled-back change leaves no job behind.
 * - `start()` creates or upgrades pg-boss's schema (`pgboss`) and, with `workers: true`,
 *   starts polling the queues registered with `work()`/`register()`; the server process does
 *   this (main.ts, with the jobs of server/jobs.ts), test apps do not.
 * - Handlers must be idempotent (a job may run again after a crash or an expiry): their work
 *   is marked done in its own rows (the mail drain claims outbox rows with SKIP LOCKED and
 *   marks them sent); a long write is cut with `runBatches` (batched-job.ts), its cursor kept
 *   in its own row.
 */
export type JobHandler<T> = (job: { id: string; name: string; data: T }) => Promise<void>;

/**
 * A job, declared once by its module: the queue's name, the shape of its data (`T`, which
 * `send` is held to) and its handler. The server registers the definitions
 * (server/jobs.ts) before the workers start; a module only declares them.
 */
export type JobDefinition<T extends object> = {
  name: string;
  handler: JobHandler<T>;
  /** Seconds between polls of this queue when it is empty (default: the Jobs' own). */
  pollingIntervalSeconds?: number;
};

/** Declares a job (see JobDefinition): `defineJob<{ mailSendId: string }>('mail-deliver', …)`. */
export function defineJob<T extends object>(
  name: string,
  handler: JobHandler<T>,
  options: { pollingIntervalSeconds?: number } = {},
): JobDefinition<T> {
  return { name, handler, ...options };
}

export type SendOptions = Pick<
  PgBoss.SendOptions,
  | 'singletonKey'
  | 'singletonSeconds'
  | 'startAfter'
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
  | 'expireInSeconds'
>;

export type JobsOptions = {
  /** Seconds between polls of each queue when it is empty (default 2, pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** pg-boss maintenance (expiry, archive); off in tests that do not need it. */
  supervise?: boolean;
  /** Jobs fetched per poll of a queue (default 10). */
  batchSize?: number;
  /** Where a handler's error and pg-boss's own errors (a failed poll, maintenance) go; default stderr. */
  onError?: (error: Error) => void;
};

export type Jobs = {
  /** Declares a queue this process sends to; `start()` creates it if it does not exist. */
  queue: (name: string) => void;
  /** Declares a queue and its handler; workers start with `start({ workers: true })`. */
  work: <T extends object>(name: string, handler: JobHandler<T>) => void;
  /** Declares a job's queue and handler (the same as `work(job.name, job.handler)`). */
  register: <T extends object>(job: JobDefinition<T>) => void;
  /**
   * Enqueues on the caller's executor (a transaction, normally); returns the job id. Given a
   * JobDefinition, the data must be of its type.
   */
  send: <T extends object>(
    executor: Executor,
    job: string | JobDefinition<T>,
    data: T,
    options?: SendOptions,
  ) => Promise<string | null>;
  start: (options?: { workers?: boolean }) => Promise<void>;
  stop: () => Promise<void>;
  /** The pg-boss instance, for inspection (getJobById) in tests and tools. */
  boss: PgBoss;
};

/** pg-boss's `db`: one statement, with or without parameters, on a Kysely executor. */
export function kyselyJobDb(executor: Executor): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** pg-boss's schema name in our database. */
const JOBS_SCHEMA = 'pgboss';

/**
 * Creates pg-boss's schema when it does not exist, on `executor`. The server's start-up runs
 * this under the migration lock (start-up.ts), before `start()`: two replicas starting at once
 * on an empty database would otherwise both create it, and pg-boss's own guard (an advisory lock
 * around `CREATE SCHEMA IF NOT EXISTS`) lets the second fail with a duplicate key on
 * `pg_namespace` (seen in test/start-up.test.ts). Upgrades of an existing schema stay with
 * pg-boss, whose migrations refuse a second run cleanly. Returns whether it created the schema.
 */
export async function installJobsSchema(executor: Executor): Promise<boolean> {
  if (await tableExists(executor, `${JOBS_SCHEMA}.version`)) return false;
  await executor.executeQuery(CompiledQuery.raw(PgBoss.getConstructionPlans(JOBS_SCHEMA), []));
  return true;
}

export function createJobs(db: Kysely<DB>, options: JobsOptions = {}): Jobs {
  const boss = new PgBoss({
    db: kyselyJobDb(db),
    schema: JOBS_SCHEMA,
    supervise: options.supervise ?? true,
    // No cron schedules yet; the clock monitor would only add polling.
    schedule: false,
    migrate: true,
  });
  // pg-boss reports its errors as 'error' events; without a listener Node would throw.
  const onError = options.onError ?? defaultOnError;
  boss.on('error', (error) => onError(error));
  const queues = new Set<string>();
  const handlers = new Map<string, JobHandler<object>>();
  const polling = new Map<string, number>();
  let started = false;

  function declare(name: string): void {
    if (started) throw new Error(`declare queue "${name}" before jobs.start()`);
    queues.add(name);
  }

  return {
    boss,
    queue: declare,
    work: (name, handler) => {
      declare(name);
      handlers.set(name, handler as JobHandler<object>);
    },
    register: (job) => {
      declare(job.name);
      handlers.set(job.name, job.handler as JobHandler<object>);
      if (job.pollingIntervalSeconds !== undefined)
        polling.set(job.name, job.pollingIntervalSeconds);
    },
    send: async (executor, job, data, sendOptions = {}) => {
      const name = typeof job === 'string' ? job : job.name;
      // Queues are created at start, outside any business transaction: a queue created in
      // a transaction that rolls back would vanish for every other sender too.
      if (!started || !queues.has(name)) {
        throw new Error(`job queue "${name}" is not declared or jobs.start() has not run`);
      }
      return boss.send(name, data, { ...sendOptions, db: kyselyJobDb(executor) });
    },
    start: async (startOptions = {}) => {
      await boss.start();
      for (const name of queues) await createQueue(boss, name);
      started = true;
      if (!startOptions.workers) return;
      const batchSize = options.batchSize ?? 10;
      for (const [name, handler] of handlers) {
        let workerId = '';
        workerId = await boss.work<object>(
          name,
          {
            pollingIntervalSeconds: polling.get(name) ?? options.pollingIntervalSeconds ?? 2,
            batchSize,
          },
          async (batch) => {
            // One job's failure must not fail its batch-mates: it is failed on its own (and
            // retried by pg-boss); pg-boss then completes the rest, which are still active.
            for (const job of batch) {
              try {
                await handler({ id: job.id, name: job.name, data: job.data });
              } catch (error) {
                const failure = error instanceof Error ? error : new Error(String(error));
                onError(failure);
                await boss.fail(name, job.id, { message: failure.message });
              }
            }
            // pg-boss 10 waits a full polling interval after every fetch; a full batch means
            // more may be waiting, so fetch again at once.
            if (batch.length === batchSize) boss.notifyWorker(workerId);
          },
        );
      }
    },
    stop: async () => {
      if (!started) return;
      started = false;
      // close: false: the connections are the app's, closed with the database.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Creates a queue unless it exists. Replicas started at the same moment create the same queues
 * at once, and pg-boss's create_queue (a row, then its partition table) can deadlock between
 * them: PostgreSQL aborts one with 40P01 and that replica used to exit. Creating is idempotent,
 * so the aborted one tries again and finds the queue.
 */
async function createQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
      return;
    } catch (error) {
      if (attempt >= 5 || !isRetryableDatabaseError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

function defaultOnError(error: Error): void {
  console.error(`background jobs: ${error.message}`);
}
