/**
 * The CSV import engine against raw PostgreSQL COPY (issue 12), in the same run and the same
 * table: a payments file of `rows` rows (default 100,000; the target is stated for
 * 1M) is (a) validated and applied all-or-nothing by the engine (parse, every cell checked,
 * staged, references and duplicates checked set-based, summary, INSERT … SELECT) and (b)
 * loaded by `COPY payments FROM STDIN` with the same values. Both run in a transaction that
 * is rolled back (fixtures included), so the database is left as it was; both fire the same
 * statement triggers (derived totals, counts), whose results are checked before the rollback.
 * ratio = COPY time / engine time (1 = as fast as COPY; the target is ≥ 0.5).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DB } from '../apps/api/src/db/schema';
import { paymentsImportDefinition } from '../apps/api/src/modules/payments/payments-service';
import { runImport } from '../apps/api/src/platform/imports';

export type ImportBenchResult = {
  rows: number;
  bytes: number;
  engineMs: number;
  copyMs: number;
  ratio: number;
  heapMiB: number;
};

class Rollback extends Error {}

const USERS = 100;

/** Bench users and a plan, inside the measured transaction (rolled back with it). */
async function fixtures(
  trx: Transaction<DB> | pg.ClientBase,
): Promise<{ users: number[]; planId: number }> {
  const text = `WITH u AS (
      INSERT INTO end_users (user_name, invite_code, email, aube_user_id_hash, first_name, last_name)
      SELECT 'bench_import_' || g, 'BENCHIMP' || g, 'bench_import_' || g || '@example.com', 'benchimp' || g, 'Bench', 'Import'
      FROM generate_series(1, ${USERS}) g RETURNING id)
    SELECT array_agg(id ORDER BY id) AS ids FROM u`;
  const plan = `INSERT INTO plans (name, price_usd, coin_type) VALUES ('bench import plan', 100, 'HEC') RETURNING id`;
  if ('query' in trx && typeof trx.query === 'function') {
    const client = trx as pg.ClientBase;
    const u = await client.query<{ ids: number[] }>(text);
    const p = await client.query<{ id: number }>(plan);
    return { users: u.rows[0]!.ids, planId: p.rows[0]!.id };
  }
  const t = trx as Transaction<DB>;
  const u = await sql<{ ids: number[] }>`${sql.raw(text)}`.execute(t);
  const p = await sql<{ id: number }>`${sql.raw(plan)}`.execute(t);
  return { users: u.rows[0]!.ids, planId: p.rows[0]!.id };
}

function row(i: number, users: number[], planId: number): string[] {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
  return [
    String(users[i % users.length]),
    String(planId),
    `${100 + (i % 900)}.25`,
    '0',
    `${i % 97}.123456789012345678`,
    at,
  ];
}

export async function benchImports(
  db: Kysely<DB>,
  databaseUrl: string,
  rows: number,
): Promise<ImportBenchResult> {
  // The ids the fixtures get are the same in both runs only by luck; the file is written for
  // the engine's run from the ids it sees, so it is built inside the transaction.
  let engineMs = 0;
  let bytes = 0;
  let heap = 0;
  await db
    .transaction()
    .execute(async (trx) => {
      const { users, planId } = await fixtures(trx);
      const lines = ['userId,planId,paidUsd,assetETH,assetHEC,confirmedAt'];
      for (let i = 0; i < rows; i++) lines.push(row(i, users, planId).join(','));
      const content = Buffer.from(lines.join('\r\n') + '\r\n');
      bytes = content.length;
      const file = {
        name: 'bench.csv',
        size: content.length,
        arrayBuffer: async () =>
          content.buffer.slice(
            content.byteOffset,
            content.byteOffset + content.length,
          ) as ArrayBuffer,
      };
      const started = performance.now();
      const report = await runImport(db, paymentsImportDefinition(new Date()), file, {
        dryRun: false,
        actor: { adminUserId: null, adminUserName: 'bench' },
        // The apply runs in this (savepoint-free) outer transaction, rolled back below.
        transaction: async (work) => (await work(trx)).result,
        maxBytes: 1024 * 1024 * 1024,
      });
      engineMs = performance.now() - started;
      heap = process.memoryUsage().heapUsed;
      if (report.imported?.appliedCount !== rows)
        throw new Error(`engine applied ${report.imported?.appliedCount}`);
      await checkTotals(trx, users, rows);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let copyMs = 0;
  try {
    await client.query('BEGIN');
    const { users, planId } = await fixtures(client);
    const now = new Date().toISOString();
    const started = performance.now();
    const copy = client.query(
      copyFrom(`COPY payments (end_user_id, plan_id, price_usd, paid_usd, paid_btc, payment_address,
        status, confirmed_at, asset_fixed_at, amount_eth, amount_hec) FROM STDIN WITH (FORMAT csv)`),
    );
    await pipeline(
      Readable.from(
        (function* () {
          let chunk = '';
          for (let i = 0; i < rows; i++) {
            const [u, p, usd, eth, hec, at] = row(i, users, planId);
            chunk += `${u},${p},100,${usd},0,manual,asset_fixed,${at},${now},${eth},${hec}\n`;
            if (chunk.length > 64 * 1024) {
              yield chunk;
              chunk = '';
            }
          }
          if (chunk) yield chunk;
        })(),
      ),
      copy,
    );
    copyMs = performance.now() - started;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
  return {
    rows,
    bytes,
    engineMs,
    copyMs,
    ratio: copyMs / engineMs,
    heapMiB: heap / (1024 * 1024),
  };
}

/** The bench users' derived totals equal the sums of their payments after the import. */
async function checkTotals(trx: Transaction<DB>, users: number[], rows: number): Promise<void> {
  const r = await sql<{ bad: string; n: string }>`
    SELECT count(*) FILTER (WHERE e.payment_count <> x.n OR e.total_hec_amount <> x.hec) AS bad, sum(x.n) AS n
    FROM end_users e JOIN (
      SELECT end_user_id, count(*) AS n, sum(amount_hec) AS hec FROM payments
      WHERE end_user_id = ANY(${users}) GROUP BY end_user_id
    ) x ON x.end_user_id = e.id`.execute(trx);
  if (Number(r.rows[0]!.bad) !== 0 || Number(r.rows[0]!.n) !== rows) {
    throw new Error('derived totals disagree after the import');
  }
}
