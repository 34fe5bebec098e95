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
