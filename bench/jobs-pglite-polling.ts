/**
 * Does a pg-boss worker polling on embedded PGlite (one connection, shared with the app) slow
 * the app's own transactions down, or block them? (docs/decisions/jobs.md)
 *
 * Runs the same burst of short write transactions (insert + update in one transaction) three
 * times on one in-memory PGlite: without pg-boss (the baseline), with pg-boss started and
 * 4 idle queues polled every 0.5 s (pg-boss's minimum), and while those workers are busy
 * with a stream of 200 jobs. Reported: total time and worst single-transaction latency, as
 * ratios against the baseline of the same run.
 *   node --import tsx bench/jobs-pglite-polling.ts [--transactions 2000]
 */
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrator';
import type { DB } from '../apps/api/src/db/schema';
import { createJobs } from '../apps/api/src/platform/jobs';

const { values: args } = parseArgs({
  options: { transactions: { type: 'string', default: '2000' } },
});
const TRANSACTIONS = Number(args.transactions);

async function burst(
  db: Kysely<DB>,
  offset: number,
): Promise<{ totalMs: number; worstMs: number }> {
  const started = performance.now();
  let worst = 0;
  for (let i = 0; i < TRANSACTIONS; i++) {
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO bench_rows VALUES (${offset + i}, 0)`.execute(trx);
      await sql`UPDATE bench_rows SET n = n + 1 WHERE id = ${offset + i}`.execute(trx);
    });
    worst = Math.max(worst, performance.now() - t0);
  }
  return { totalMs: performance.now() - started, worstMs: worst };
}

async function main(): Promise<void> {
  const database = await openDatabase({});
  const db = database.db;
  await migrate(db);
  await sql`CREATE TABLE bench_rows (id int PRIMARY KEY, n int NOT NULL)`.execute(db);
  await burst(db, 10_000_000); // warm-up

  const baseline = await burst(db, 0);

  const jobs = createJobs(db, { pollingIntervalSeconds: 0.5 });
  let done = 0;
  for (const name of ['bench-a', 'bench-b', 'bench-c', 'bench-d']) {
    jobs.work(name, async () => {
      done++;
    });
  }
  await jobs.start({ workers: true });
  const idle = await burst(db, 1_000_000);

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 200; i++) await jobs.send(trx, 'bench-a', { i });
  });
  const busy = await burst(db, 2_000_000);
  const busyDone = done;
  const drainStarted = performance.now();
  while (done < 200 && performance.now() - drainStarted < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const drainMs = performance.now() - drainStarted;
  await jobs.stop();
  await database.close();

  console.log(
    `${TRANSACTIONS} transactions per run; jobs handled during the busy run: ${busyDone}, ` +
      `${done} of 200 handled ${drainMs.toFixed(0)} ms after it`,
  );
  console.log('| run | total ms | ratio | worst transaction ms | ratio |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, r] of [
    ['baseline: no pg-boss', baseline],
    ['pg-boss, 4 idle workers polling every 0.5 s', idle],
    ['pg-boss, workers handling 200 jobs', busy],
  ] as const) {
    console.log(
      `| ${name} | ${r.totalMs.toFixed(0)} | ${(r.totalMs / baseline.totalMs).toFixed(2)} | ${r.worstMs.toFixed(1)} | ${(r.worstMs / baseline.worstMs).toFixed(1)} |`,
    );
  }
}

await main();
