import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { DB } from '../../db/schema';
import { runBatches, type BatchOutcome } from './batched-job';
import { createJobs, defineJob, type Jobs } from './jobs';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;
// Two pg-boss instances with a worker each, as two replicas would run.
let replicas: Jobs[] = [];
const runs: Array<{ replica: number; marker: string }> = [];
const errors: string[] = [];

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await sql`CREATE TABLE jobs_test_orders (id int PRIMARY KEY, note text)`.execute(db);
  for (const replica of [0, 1]) {
    const jobs = createJobs(db, {
      pollingIntervalSeconds: 0.5,
      supervise: false,
      batchSize: 4,
      onError: (error) => errors.push(error.message),
    });
    jobs.work<{ marker: string }>('platform-test', async (job) => {
      runs.push({ replica, marker: job.data.marker });
    });
    jobs.work<{ marker: string }>('platform-test-failing', async (job) => {
      if (job.data.marker === 'bad') throw new Error('bad job');
      runs.push({ replica, marker: job.data.marker });
    });
    // One after the other: the first creates pg-boss's schema, the second finds it.
    await jobs.start({ workers: true });
    replicas.push(jobs);
  }
}, 60_000);

afterAll(async () => {
  for (const jobs of replicas) await jobs.stop();
  replicas = [];
  await database?.close();
});

describe('jobs', () => {
  it('runs a job enqueued in a committed transaction, never one from a rolled-back one', async () => {
    const [jobs] = replicas;
    let rolledBackId: string | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO jobs_test_orders VALUES (1, 'x')`.execute(trx);
        rolledBackId = await jobs!.send(trx, 'platform-test', { marker: 'rolled-back' });
        throw new Error('the business change fails');
      }),
    ).rejects.toThrow('the business change fails');
    expect(rolledBackId).not.toBeNull();

    const committedId = await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO jobs_test_orders VALUES (2, 'y')`.execute(trx);
      return jobs!.send(trx, 'platform-test', { marker: 'committed' });
    });
    await waitFor(() => runs.some((r) => r.marker === 'committed'), 15_000);
    await settle();
    expect(runs.filter((r) => r.marker === 'committed')).toHaveLength(1);
    expect(runs.filter((r) => r.marker === 'rolled-back')).toHaveLength(0);
    expect(await jobs!.boss.getJobById('platform-test', rolledBackId!)).toBeNull();
    expect(await jobs!.boss.getJobById('platform-test', committedId!)).toMatchObject({
      state: 'completed',
    });
  }, 30_000);

  it('runs each committed job exactly once with two workers polling the same queue', async () => {
    const markers = Array.from({ length: 12 }, (_, i) => `many-${i}`);
    await db.transaction().execute(async (trx) => {
      for (const marker of markers)
        await replicas[i(marker)]!.send(trx, 'platform-test', { marker });
    });
    await waitFor(() => markers.every((m) => runs.some((r) => r.marker === m)), 20_000);
    await settle();
    for (const marker of markers) {
      expect(
        runs.filter((r) => r.marker === marker),
        marker,
      ).toHaveLength(1);
    }
  }, 40_000);

  it('fails a throwing job on its own; its batch-mates complete', async () => {
    const ids = await db.transaction().execute(async (trx) => ({
      bad: await replicas[0]!.send(
        trx,
        'platform-test-failing',
        { marker: 'bad' },
        { retryLimit: 0 },
      ),
      good: await replicas[0]!.send(trx, 'platform-test-failing', { marker: 'good' }),
    }));
    await waitFor(() => runs.some((r) => r.marker === 'good'), 15_000);
    await waitFor(() => errors.includes('bad job'), 15_000);
    const boss = replicas[0]!.boss;
    // A handler's return is recorded as completion a moment after it ran.
    const stateOf = async (id: string) =>
      (await boss.getJobById('platform-test-failing', id))?.state;
    await waitFor(async () => (await stateOf(ids.good!)) === 'completed', 15_000);
    await waitFor(async () => (await stateOf(ids.bad!)) === 'failed', 15_000);
    expect(await boss.getJobById('platform-test-failing', ids.bad!)).toMatchObject({
      state: 'failed',
    });
    expect(runs.some((r) => r.marker === 'bad')).toBe(false);
    expect(await boss.getJobById('platform-test-failing', ids.good!)).toMatchObject({
      state: 'completed',
    });
  }, 30_000);

  it('does not deadlock the app when a worker polls while a transaction holds the connection', async () => {
    // On PGlite the app has one connection: a poll waits for the transaction, then runs.
    const started = Date.now();
    await db.transaction().execute(async (trx) => {
      await replicas[0]!.send(trx, 'platform-test', { marker: 'after-long-transaction' });
      await new Promise((resolve) => setTimeout(resolve, 1200)); // two poll intervals
      await sql`INSERT INTO jobs_test_orders VALUES (3, 'z')`.execute(trx);
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitFor(() => runs.some((r) => r.marker === 'after-long-transaction'), 15_000);
  }, 30_000);
});

function i(marker: string): number {
  return Number(marker.split('-')[1]) % 2;
}

describe('the batched loop', () => {
  it('runBatches commits each batch on its own, stops at maxBatches, and resumes at the cursor its batches keep', async () => {
    await sql`CREATE TABLE jobs_test_rows (id int PRIMARY KEY, hits int NOT NULL DEFAULT 0)`.execute(
      db,
    );
    await sql`INSERT INTO jobs_test_rows (id) SELECT g FROM generate_series(1, 95) g`.execute(db);
    // The cursor lives in the work's own row, as the mail expansion keeps it on the send.
    await sql`CREATE TABLE jobs_test_cursor (last int NOT NULL)`.execute(db);
    await sql`INSERT INTO jobs_test_cursor VALUES (0)`.execute(db);
    const batch = async (trx: Transaction<DB>): Promise<BatchOutcome> => {
      const cursor = await sql<{ last: number }>`
        SELECT last FROM jobs_test_cursor FOR UPDATE`.execute(trx);
      const done = await sql<{ id: number }>`
        UPDATE jobs_test_rows SET hits = hits + 1
        WHERE id IN (SELECT id FROM jobs_test_rows WHERE id > ${cursor.rows[0]!.last} ORDER BY id LIMIT 10)
        RETURNING id`.execute(trx);
      const last = Math.max(cursor.rows[0]!.last, ...done.rows.map((r) => r.id));
      await sql`UPDATE jobs_test_cursor SET last = ${last}`.execute(trx);
      return { state: done.rows.length < 10 ? 'last' : 'more', rows: done.rows.length };
    };
    const touched = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM jobs_test_rows WHERE hits > 0`.execute(db);
      return rows[0]!.n;
    };

    // Interrupted after 3 batches (a deploy, a crash); each was committed before onBatch ran.
    const committed: number[] = [];
    const onBatch = async () => void committed.push(await touched());
    expect(await runBatches(db, batch, { maxBatches: 3, onBatch })).toEqual({
      batches: 3,
      rows: 30,
      state: 'more',
    });
    expect(committed).toEqual([10, 20, 30]);

    // A batch that fails rolls back alone: its rows and its cursor stay as they were.
    await expect(
      runBatches(db, async (trx) => {
        await batch(trx);
        throw new Error('batch failed');
      }),
    ).rejects.toThrow('batch failed');
    expect(await touched()).toBe(30);

    // Resumed: the rest, every row once.
    expect(await runBatches(db, batch)).toEqual({ batches: 7, rows: 65, state: 'last' });
    const hits = await sql<{ hits: number; count: string }>`
      SELECT hits, count(*)::text AS count FROM jobs_test_rows GROUP BY hits`.execute(db);
    expect(hits.rows).toEqual([{ hits: 1, count: '95' }]);
  });
});

describe('typed job definitions', () => {
  it('runs a job declared with defineJob, registered, and sent by its definition', async () => {
    const seen: string[] = [];
    const job = defineJob<{ marker: string }>('platform-test-defined', async ({ data }) => {
      seen.push(data.marker);
    });
    const jobs = createJobs(db, { pollingIntervalSeconds: 0.5, supervise: false });
    jobs.register(job);
    await jobs.start({ workers: true });
    try {
      await jobs.send(db, job, { marker: 'defined' });
      await waitFor(() => seen.includes('defined'), 15_000);
      expect(seen).toEqual(['defined']);
    } finally {
      await jobs.stop();
    }
  });
});

describe('replicas starting together', () => {
  it('all start and create each declared queue once, however their creations interleave', async () => {
    // Replicas started at the same moment create the same queues at once; on PostgreSQL
    // pg-boss's create_queue could deadlock between them and a replica exited (40P01, seen
    // in test/start-up.test.ts).
    const names = Array.from({ length: 12 }, (_, i) => `platform-race-${i}`);
    const starting = Array.from({ length: 4 }, () => {
      const jobs = createJobs(db, { supervise: false, onError: (e) => errors.push(e.message) });
      for (const name of names) jobs.queue(name);
      return jobs;
    });
    try {
      const outcomes = await Promise.allSettled(starting.map((jobs) => jobs.start()));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      const { rows } = await sql<{ name: string }>`
        SELECT name FROM pgboss.queue WHERE name LIKE 'platform-race-%' ORDER BY name`.execute(db);
      expect(rows.map((r) => r.name)).toEqual([...names].sort());
    } finally {
      for (const jobs of starting) await jobs.stop();
    }
  }, 120_000);
});
