import type { Executor } from './executor';

/** Spec "Pagination": limit, offset and sort {target, orderBy}; totalRecords comes back. */
export type Pagination<Target extends string = string> = {
  limit: number;
  offset: number;
  sort?: { target: Target; orderBy: 'asc' | 'desc' } | undefined;
};

/** One page of a list and the number of records matching its filter. */
export type Page<Row> = { rows: Row[]; totalRecords: number };

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 500;

/** Clamps a requested page to sane bounds (page size 20 by default, spec section 9). */
export function normalisePagination<T extends string>(
  p: Partial<Pagination<T>> | undefined,
): Pagination<T> {
  const limit = Math.min(Math.max(Math.trunc(p?.limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const offset = Math.max(Math.trunc(p?.offset ?? 0), 0);
  return { limit, offset, sort: p?.sort };
}

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
