/**
 * Loads a generated population into the PostgreSQL database named by DATABASE_URL:
 *   npm run db:generate -- --users 1000000 [--seed 1] [--replace] [--no-verify] [--keep-indexes]
 * Rows stream through one COPY per table with triggers and foreign-key checks off (the
 * generator writes every derived total and counter itself); secondary indexes are dropped
 * for the load and rebuilt after it; then the invariants are verified.
 */
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrate } from '../db/migrator';
import type { DB } from '../db/schema';
import {
  hasPopulation,
  listAdminIds,
  readBusinessTimeZone,
  resetIdentitySequences,
} from '../seed/population/bulk-load';
import { generatePopulation } from '../seed/population/generate-population';
import { PgCopySink } from '../seed/population/sinks';
import { POPULATION_TABLE_NAMES } from '../seed/population/tables';
import { verifyPopulation } from '../seed/population/verify-population';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    'payments-per-user': { type: 'string', default: '5' },
    replace: { type: 'boolean', default: false },
    'no-verify': { type: 'boolean', default: false },
    'keep-indexes': { type: 'boolean', default: false },
  },
});

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

function progressBar(done: number, total: number, rows: number, startedAt: number): string {
  const fraction = total === 0 ? 1 : done / total;
  const elapsed = Date.now() - startedAt;
  const width = 30;
  const filled = Math.round(fraction * width);
  const rate = rows / Math.max(elapsed / 1000, 0.001);
  const left = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : 0;
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%` +
    ` users ${fmt(done)}/${fmt(total)}  rows ${fmt(rows)}  ${fmt(rate)} rows/s  elapsed ${secs(elapsed)}  left ~${secs(left)}`
  );
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL must name the PostgreSQL database to fill (PGlite gets its demo data on start).',
    );
    process.exit(64);
  }
  const users = Number(args.users);
  const seed = Number(args.seed);
  if (!Number.isInteger(users) || users < 1 || !Number.isInteger(seed)) {
    console.error('--users must be a positive whole number and --seed a whole number');
    process.exit(64);
  }
  // The post-load work already runs two statements at once, one per core; parallel workers
  // inside each (for the index builds and the checks' big aggregates) only oversubscribe the
  // cores and merge partial numeric sums (checks at 1M: 27.8 s with them, 19.0 s without).
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    application_name: 'db-generate',
    options: '-c max_parallel_workers_per_gather=0 -c max_parallel_maintenance_workers=0',
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const clients: pg.Client[] = [];
  const droppedIndexes: string[] = [];
  try {
    await migrate(db);
    const superuser = await sql<{
      ok: boolean;
    }>`SELECT rolsuper AS ok FROM pg_roles WHERE rolname = current_user`.execute(db);
    if (!superuser.rows[0]?.ok) {
      throw new Error(
        'bulk loading needs a superuser connection (session_replication_role = replica)',
      );
    }
    if (await hasPopulation(db)) {
      if (!args.replace)
        throw new Error('the database already holds a population; pass --replace to overwrite it');
      console.error('Removing the existing population ...');
      await sql
        .raw(`TRUNCATE ${POPULATION_TABLE_NAMES.join(', ')} RESTART IDENTITY CASCADE`)
        .execute(db);
    }
    const adminIds = await listAdminIds(db);

    if (!args['keep-indexes']) {
      // Building an index once after the load is much cheaper than maintaining it per row.
      const result = await sql<{ name: string; def: string }>`
        SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY(${POPULATION_TABLE_NAMES})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
      for (const { name, def } of result.rows) {
        await sql.raw(`DROP INDEX ${name}`).execute(db);
        droppedIndexes.push(def);
      }
    }

    const sink = new PgCopySink(async () => {
      const client = new pg.Client({ connectionString: url, application_name: 'db-generate-copy' });
      await client.connect();
      await client.query("SET session_replication_role = 'replica'");
      await client.query('BEGIN');
      clients.push(client);
      return client;
    });
    await sink.open();
    const startedAt = Date.now();
    let lastDraw = 0;
    const summary = await generatePopulation(
      {
        users,
        seed,
        paymentsPerUser: Number(args['payments-per-user']),
        adminIds,
        businessTimeZone: await readBusinessTimeZone(db),
        onProgress: (done, rows) => {
          if (Date.now() - lastDraw < 250 && done < users) return;
          lastDraw = Date.now();
          process.stderr.write(`\r${progressBar(done, users, rows, startedAt)}`);
        },
      },
      sink,
    );
    await sink.close();
    for (const client of clients) await client.query('COMMIT');
    const loadMs = Date.now() - startedAt;
    process.stderr.write(`\r${progressBar(users, users, summary.totalRows, startedAt)}\n`);
    console.error(
      `Loaded ${fmt(summary.totalRows)} rows in ${secs(loadMs)} (${fmt(summary.totalRows / (loadMs / 1000))} rows/s)`,
    );

    // Vacuum before the secondary indexes exist (it then has only the constraint indexes to
    // visit; it sets the visibility map that index-only counts rely on), analyse after them
    // (statistics of expression indexes such as lower(user_name) need the index).
    let t = Date.now();
    await runOnTwoConnections(
      pool,
      POPULATION_TABLE_NAMES.map((table) => `VACUUM ${table}`),
    );
    console.error(`Vacuumed in ${secs(Date.now() - t)}`);
    t = Date.now();
    if (droppedIndexes.length > 0) {
      await rebuildIndexes(pool, droppedIndexes);
      droppedIndexes.length = 0;
      console.error(`Rebuilt indexes in ${secs(Date.now() - t)}`);
    }
    await resetIdentitySequences(db);
    t = Date.now();
    await runOnTwoConnections(
      pool,
      POPULATION_TABLE_NAMES.map((table) => `ANALYZE ${table}`),
    );
    console.error(`Analysed in ${secs(Date.now() - t)}`);
    if (!args['no-verify']) {
      t = Date.now();
      const problems = await verifyPopulation(db, 2);
      if (problems.length > 0) throw new Error(`invariants broken:\n  ${problems.join('\n  ')}`);
      console.error(`Verified every total and counter in ${secs(Date.now() - t)}`);
    }
    console.error(`Done in ${secs(Date.now() - startedAt)}.`);
    console.log(
      JSON.stringify({
        users: summary.users,
        totalRows: summary.totalRows,
        rows: summary.rows,
        widestUserId: summary.widestUserId,
        deepestUserId: summary.deepestUserId,
        maxDepth: summary.maxDepth,
        loadSeconds: loadMs / 1000,
        totalSeconds: (Date.now() - startedAt) / 1000,
      }),
    );
  } catch (error) {
    for (const client of clients) await client.query('ROLLBACK').catch(() => undefined);
    // Never leave the schema without its indexes.
    if (droppedIndexes.length > 0)
      await rebuildIndexes(pool, droppedIndexes).catch(() => undefined);
    throw error;
  } finally {
    for (const client of clients) await client.end().catch(() => undefined);
    await db.destroy();
  }
}

/** Recreates indexes two at a time (one per core), big tables first. */
async function rebuildIndexes(pool: pg.Pool, definitions: string[]): Promise<void> {
  await runOnTwoConnections(
    pool,
    [...definitions]
      .sort((a, b) => weight(b) - weight(a))
      .map((def) => def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')),
  );
}

/** Runs the statements in order on two connections (one per core), each taking the next. */
async function runOnTwoConnections(pool: pg.Pool, statements: string[]): Promise<void> {
  const queue = [...statements];
  const worker = async (): Promise<void> => {
    const client = await pool.connect();
    try {
      await client.query("SET maintenance_work_mem = '512MB'");
      for (let statement = queue.shift(); statement; statement = queue.shift())
        await client.query(statement);
    } finally {
      client.release();
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Big tables first, so the two workers finish together. */
function weight(def: string): number {
  if (/ ON \S*payments /.test(def)) return 3;
  if (/ ON \S*(end_users|reward_snapshots|reward_entries|saving_deposit_addresses) /.test(def))
    return 2;
  return 1;
}

main().catch((error: unknown) => {
  console.error(`\ndb:generate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
