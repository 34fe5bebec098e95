import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import type { StagingTable } from '../../platform/imports';
import { PAYS_ETH, PAYS_MAIN, transfersOf } from './withdrawal-transfers-repository';

/**
 * The SQL of the transaction CSV uploads (withdrawal-uploads.ts): set-based checks and the
 * one UPDATE over the import engine's staging table.
 */

/** Staged lines whose id is not a `processing` request of this kind (or none at all). */
export async function badReferences(
  db: Executor,
  kind: WithdrawalKind,
  stage: StagingTable<string>,
): Promise<Array<{ line: number; status: string | null; kind: string | null }>> {
  const result = await sql<{ line: number; status: string | null; kind: string | null }>`
    SELECT s.${stage.column('line')} AS line, w.status, w.kind
      FROM ${stage.table} s LEFT JOIN withdrawal_requests w ON w.id = s.${stage.column('id')}::bigint
     WHERE w.id IS NULL OR w.kind <> ${kind} OR w.status <> 'processing'`.execute(db);
  return result.rows;
}

/** Staged lines whose hash in column `key` is already used by another request (any case). */
export async function hashesUsedElsewhere(
  db: Executor,
  stage: StagingTable<string>,
  key: string,
): Promise<Array<{ line: number; other: string }>> {
  const result = await sql<{ line: number; other: string }>`
    SELECT s.${stage.column('line')} AS line, t.withdrawal_request_id::text AS other
      FROM ${stage.table} s JOIN withdrawal_transaction_hashes t ON t.hash_key = lower(s.${stage.column(key)})
     WHERE t.withdrawal_request_id <> s.${stage.column('id')}::bigint`.execute(db);
  return result.rows;
}

/** Hashes repeated in the file, in any of the `hashKeys` columns and letter case. */
export async function hashesRepeated(
  db: Executor,
  stage: StagingTable<string>,
  hashKeys: readonly string[],
): Promise<Array<{ line: number; col: string; first: number }>> {
  const line = stage.column('line');
  const all = hashKeys.map(
    (k) =>
      sql`SELECT s.${line} AS line, ${k} AS col, lower(s.${stage.column(k)}) AS h FROM ${stage.table} s`,
  );
  const result = await sql<{ line: number; col: string; first: number }>`
    WITH hashes AS (${sql.join(all, sql` UNION ALL `)})
    SELECT a.line, a.col, min(b.line) AS first
      FROM hashes a JOIN hashes b ON a.h = b.h AND (b.line < a.line OR (b.line = a.line AND b.col < a.col))
     GROUP BY a.line, a.col`.execute(db);
  return result.rows;
}

/**
 * The staged requests' total per coin of the transfers they make (transfersOf: an ETH plan's
 * principal withdrawal counts its ETH, not a HEC 0), and the number of staged rows.
 */
export async function stagedTotals(
  db: Executor,
  stage: StagingTable<string>,
): Promise<{ count: number; totals: Record<string, string> }> {
  const staged = sql`w.id IN (SELECT s.${stage.column('id')}::bigint FROM ${stage.table} s)`;
  const rows = await sql<{ coin: string; total: string }>`
    SELECT t.coin, sum(t.amount)::text AS total FROM (${transfersOf(staged)}) AS t
     GROUP BY t.coin ORDER BY t.coin`.execute(db);
  return {
    count: await stagedCount(db, stage),
    totals: Object.fromEntries(rows.rows.map((r) => [r.coin, r.total])),
  };
}

/**
 * Staged lines of processing principal withdrawals whose hash cells do not match the
 * transfers the request makes (withdrawal_pays_main / withdrawal_pays_eth): a side it sends
 * without its hash (`missing`), or a hash for a side that sends 0 (`unpaid`).
 */
export async function hashSideMismatches(
  db: Executor,
  kind: WithdrawalKind,
  stage: StagingTable<string>,
  mainKey: string,
  ethKey: string,
): Promise<Array<{ line: number; side: 'main' | 'eth'; problem: 'missing' | 'unpaid' }>> {
  const result = await sql<{
    line: number;
    main: boolean;
    eth: boolean;
    hasMain: boolean;
    hasEth: boolean;
  }>`
    SELECT line, main, eth, "hasMain", "hasEth" FROM (
      SELECT s.${stage.column('line')} AS line,
             ${PAYS_MAIN} AS main,
             ${PAYS_ETH} AS eth,
             s.${stage.column(mainKey)} IS NOT NULL AS "hasMain",
             s.${stage.column(ethKey)} IS NOT NULL AS "hasEth"
        FROM ${stage.table} s JOIN withdrawal_requests w ON w.id = s.${stage.column('id')}::bigint
       WHERE w.kind = ${kind} AND w.status = 'processing'
    ) AS c
     WHERE main <> "hasMain" OR eth <> "hasEth"
     ORDER BY line`.execute(db);
  const out: Array<{ line: number; side: 'main' | 'eth'; problem: 'missing' | 'unpaid' }> = [];
  for (const r of result.rows) {
    if (r.main !== r.hasMain)
      out.push({ line: r.line, side: 'main', problem: r.main ? 'missing' : 'unpaid' });
    if (r.eth !== r.hasEth)
      out.push({ line: r.line, side: 'eth', problem: r.eth ? 'missing' : 'unpaid' });
  }
  return out;
}

/** The number of staged rows. */
export async function stagedCount(db: Executor, stage: StagingTable<string>): Promise<number> {
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${stage.table}`.execute(db);
  return count.rows[0]?.n ?? 0;
}

export type CompletedRequest = {
  id: string;
  revision: number;
  /** Null for a principal withdrawal that sends no HEC (an ETH plan's payment). */
  hash: string | null;
  ethHash: string | null;
};

/**
 * Completes the staged requests still `processing` with their hashes (a principal
 * withdrawal's ETH hash from `ethKey`, other kinds keep theirs; a principal withdrawal's cell
 * of a side it sends nothing in is empty, so its hash stays null); answers the rows changed.
 */
export async function completeStaged(
  db: Executor,
  kind: WithdrawalKind,
  stage: StagingTable<string>,
  hashKey: string,
  ethKey: string | null,
): Promise<CompletedRequest[]> {
  const eth = ethKey ? sql`s.${stage.column(ethKey)}` : sql`w.eth_transaction_hash`;
  const updated = await sql<CompletedRequest>`
    UPDATE withdrawal_requests w
       SET status = 'completed', transaction_hash = s.${stage.column(hashKey)}, eth_transaction_hash = ${eth}
      FROM ${stage.table} s
     WHERE w.id = s.${stage.column('id')}::bigint AND w.kind = ${kind} AND w.status = 'processing'
    RETURNING w.id::text AS id, w.revision, w.transaction_hash AS hash, w.eth_transaction_hash AS "ethHash"`.execute(
    db,
  );
  return updated.rows;
}
