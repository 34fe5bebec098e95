import { sql, type Expression } from 'kysely';
import type { Executor } from './executor';

/**
 * Exact count of a maintained bucket (migration 0013, row_counts): the sum of the named
 * buckets, in constant time whatever the table size.
 */
export async function countFromBuckets(
  db: Executor,
  relation: string,
  buckets: readonly string[],
): Promise<number> {
  if (buckets.length === 0) return 0;
  const row = await db
    .selectFrom('row_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.val('0')).as('n'))
    .where('relation', '=', relation)
    .where('bucket', 'in', buckets)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Exact count of a range over an ordered key from maintained buckets (migration 0018): the sum
 * of the buckets `prefix + key` with `keys.from <= key <= keys.to` (either end open, `null` for
 * none), plus `edges.add` minus `edges.subtract`, the exact counts of the parts of the two edge
 * buckets the sum gets wrong. Keys compare in byte order (COLLATE "C"), whatever the database
 * collation, so they must be fixed-width (`2026-03-01`, `05000`). All in one round trip.
 */
export async function countFromBucketRange(
  db: Executor,
  relation: string,
  prefix: string,
  keys: { from?: string | undefined; to?: string | undefined } | null,
  edges: { add?: Expression<unknown> | undefined; subtract?: Expression<unknown> | undefined },
): Promise<number> {
  let whole: Expression<unknown> = sql`0`;
  if (keys) {
    let buckets = db
      .selectFrom('row_counts')
      .select((eb) => eb.fn.sum<string>('n').as('n'))
      .where('relation', '=', relation)
      .where(sql<boolean>`starts_with(bucket, ${prefix})`);
    if (keys.from !== undefined)
      buckets = buckets.where(sql`bucket COLLATE "C"`, '>=', `${prefix}${keys.from}`);
    if (keys.to !== undefined)
      buckets = buckets.where(sql`bucket COLLATE "C"`, '<=', `${prefix}${keys.to}`);
    whole = buckets;
  }
  const add = edges.add ?? sql`0`;
  const subtract = edges.subtract ?? sql`0`;
  const { rows } = await sql<{ n: string }>`
    SELECT coalesce((${whole}), 0) + coalesce((${add}), 0) - coalesce((${subtract}), 0) AS n
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}
