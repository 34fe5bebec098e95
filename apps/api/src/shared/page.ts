import { DEFAULT_OFFSET, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/shared';
import { AppError } from './app-error';

/** Sort direction, in the form Kysely's `orderBy` takes (GraphQL's `ASC`/`DESC` map to it). */
export type SortOrder = 'asc' | 'desc';

/**
 * The one page request of every list (spec "Pagination"): what a resolver hands its service
 * and a service its repository. `toPageRequest` makes it from a caller's input; a repository
 * called directly without `sort` (the bench, tests) uses the list's default order.
 */
export type PageRequest<Target extends string = string> = {
  limit: number;
  offset: number;
  sort?: { target: Target; orderBy: SortOrder } | undefined;
  /**
   * Set when the paging machinery reads a deep page from the list's other end
   * (`readFromNearerEnd`): `sort.orderBy` is already flipped; a repository whose order has a
   * part that does not follow `orderBy` (a fixed rank) reverses that part too.
   */
  backward?: boolean;
};

/** One page of a list and the number of records matching its filter. */
export type Page<Row> = { rows: Row[]; totalRecords: number };

/** What a list call answers besides its rows: the page it served and the total. */
export type PageInfo = {
  limit: number;
  offset: number;
  sort: { target: string; orderBy: SortOrder };
  totalRecords: number;
};

/** A caller's page request as it arrives (every part optional). */
export type PageRequestInput =
  | {
      limit?: number | null;
      offset?: number | null;
      sort?: { target: string; orderBy?: SortOrder | null } | null;
    }
  | null
  | undefined;

/**
 * The one check of a page request: applies the defaults (limit 20, offset 0, the list's sort),
 * refuses a limit outside 1..500, a negative offset and a sort target the list does not allow,
 * so repositories only ever see a known column name and a bounded page.
 */
export function toPageRequest<Target extends string>(
  input: PageRequestInput,
  sortTargets: readonly Target[],
  defaultSort: { target: Target; orderBy: SortOrder },
): PageRequest<Target> & { sort: { target: Target; orderBy: SortOrder } } {
  const limit = input?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = input?.offset ?? DEFAULT_OFFSET;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new AppError('BAD_USER_INPUT', `limit must be between 1 and ${MAX_PAGE_SIZE}.`, {
      field: 'limit',
      problem: 'invalid',
      params: {},
    });
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new AppError('BAD_USER_INPUT', 'offset must be 0 or more.', {
      field: 'offset',
      problem: 'invalid',
      params: {},
    });
  }
  const target = input?.sort?.target ?? defaultSort.target;
  if (!(sortTargets as readonly string[]).includes(target)) {
    throw new AppError('BAD_USER_INPUT', `sort.target must be one of ${sortTargets.join(', ')}.`, {
      field: 'sort.target',
      problem: 'oneOf',
      params: { values: sortTargets.join(', ') },
    });
  }
  return {
    limit,
    offset,
    sort: { target: target as Target, orderBy: input?.sort?.orderBy ?? defaultSort.orderBy },
  };
}

/**
 * Below this many rows (offset + limit) a page is read as asked, forwards: reading at most a
 * thousand index entries costs less than asking for the count first. The first 50 pages of 20
 * stay one call with the count beside the page.
 */
export const NEAR_END_ROWS = 1_000;

const flip = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');

/**
 * Reads one page of a list from whichever end of its order is nearer (issue 36), so no page
 * costs more than half the list, and answers the last page for a page past the end.
 *
 * `load` is the list's one read (rows and the exact total, as a repository answers). A page
 * past the middle is read with every key of the order reversed (`sort.orderBy` flipped and
 * `backward` set, for a repository whose order has a part that does not follow `orderBy`), at
 * the mirrored offset, and its rows are reversed again: the same rows an OFFSET query in the
 * asked order would answer, provided the order is total (every list's ends in a unique key,
 * and PostgreSQL puts NULLs last ascending and first descending, so the reverse of an order is
 * its flipped order exactly). A deep page first asks for the total (a one-row read with the
 * count), to know which end is nearer and where the last page starts.
 *
 * Answers the page read and the offset it starts at: the request's, or the last page's.
 * `nearRows`: NEAR_END_ROWS (a test passes 0 to read every page from the nearer end).
 */
export async function readFromNearerEnd<Target extends string, P extends Page<unknown>>(
  page: PageRequest<Target> & { sort: { target: Target; orderBy: SortOrder } },
  load: (
    page: PageRequest<Target> & { sort: { target: Target; orderBy: SortOrder } },
  ) => Promise<P>,
  nearRows = NEAR_END_ROWS,
): Promise<{ answer: P; offset: number }> {
  let total: number;
  if (page.offset + page.limit <= nearRows) {
    const answer = await load(page);
    if (answer.rows.length > 0 || page.offset === 0) return { answer, offset: page.offset };
    // Past the end (an edited URL, rows deleted meanwhile): the last page, below.
    if (answer.totalRecords === 0) return { answer, offset: 0 };
    total = answer.totalRecords;
  } else {
    const probe = await load({ ...page, limit: 1, offset: 0 });
    if (probe.totalRecords === 0) return { answer: probe, offset: 0 };
    total = probe.totalRecords;
  }
  const lastPage = Math.floor((total - 1) / page.limit) * page.limit;
  const offset = Math.min(page.offset, lastPage);
  // Rows a forward read passes (offset + limit) against a backward read (total - offset).
  if (offset + page.limit <= total - offset)
    return { answer: await load({ ...page, offset }), offset };
  const limit = Math.min(page.limit, total - offset);
  const answer = await load({
    limit,
    offset: Math.max(0, total - offset - limit),
    sort: { target: page.sort.target, orderBy: flip(page.sort.orderBy) },
    backward: true,
  });
  return { answer: { ...answer, rows: [...answer.rows].reverse() }, offset };
}
