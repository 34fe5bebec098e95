import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { DB } from '../../db/schema';
import { runBatched } from './batched-job';
import { runOnce } from './idempotent';
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

describe('idempotent handlers and batched jobs', () => {
  it('runOnce runs the work once per key, and not at all when the work fails', async () => {
    await sql`CREATE TABLE jobs_test_counter (n int NOT NULL)`.execute(db);
    await sql`INSERT INTO jobs_test_counter VALUES (0)`.execute(db);
    const bump = (trx: Parameters<Parameters<typeof runOnce>[2]>[0]) =>
      sql`UPDATE jobs_test_counter SET n = n + 1`.execute(trx);

    await expect(
      runOnce(db, 'test:failing', async (trx) => {
        await bump(trx);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await runOnce(db, 'test:failing', bump)).toMatchObject({ ran: true });
    expect(await runOnce(db, 'test:failing', bump)).toEqual({ ran: false });
    expect(await runOnce(db, 'test:other', bump)).toMatchObject({ ran: true });
    const counter = await sql<{ n: number }>`SELECT n FROM jobs_test_counter`.execute(db);
    expect(counter.rows[0]!.n).toBe(2);
  });

  it('runBatched processes every row once across an interruption, and a finished key is a no-op', async () => {
    await sql`CREATE TABLE jobs_test_rows (id int PRIMARY KEY, hits int NOT NULL DEFAULT 0)`.execute(
      db,
    );
    await sql`INSERT INTO jobs_test_rows (id) SELECT g FROM generate_series(1, 95) g`.execute(db);
    const step = async (
      trx: Parameters<Parameters<typeof runBatched>[3]>[0],
      cursor: string | null,
      limit: number,
    ) => {
      const result = await sql<{ id: number }>`
        UPDATE jobs_test_rows SET hits = hits + 1
        WHERE id IN (SELECT id FROM jobs_test_rows WHERE id > ${Number(cursor ?? 0)} ORDER BY id LIMIT ${limit})
        RETURNING id`.execute(trx);
      const last = Math.max(0, ...result.rows.map((r) => r.id));
      return { rows: result.rows.length, cursor: result.rows.length ? String(last) : cursor };
    };

    // Interrupted after 3 batches (a deploy, a crash), then resumed.
    expect(await runBatched(db, 'test:rows', { batchSize: 10, maxBatches: 3 }, step)).toEqual({
      batches: 3,
      rows: 30,
      alreadyFinished: false,
    });
    expect(await runBatched(db, 'test:rows', { batchSize: 10 }, step)).toEqual({
      batches: 7,
      rows: 65,
      alreadyFinished: false,
    });
    expect(await runBatched(db, 'test:rows', { batchSize: 10 }, step)).toEqual({
      batches: 0,
      rows: 0,
      alreadyFinished: true,
    });
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
