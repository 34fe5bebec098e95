import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigationType, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@app/shared';

/** Page sizes offered by every list (spec section 9: 20 by default). */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, 100] as const;

export type SortOrder = 'ASC' | 'DESC';
export type SortState = { target: string; orderBy: SortOrder };

/** How each filter is kept in the URL: one value, or a repeated key for a set of choices. */
export type FilterKinds = Record<string, 'text' | 'list'>;
export type UrlFilterValues<F extends FilterKinds> = {
  [K in keyof F]: F[K] extends 'list' ? string[] : string;
};

/** What a screen declares about its list; keep it a module constant (its identity is a memo key). */
export type ListStateOptions<F extends FilterKinds> = {
  filters: F;
  defaultSort?: SortState;
  /** Columns the server can sort by; any other `sort` in the URL is ignored. */
  sortTargets?: readonly string[];
  /** Prefix of every param, for a second list on the same page (e.g. 'ref.' → 'ref.page'). */
  prefix?: string;
};

/** One view of a list: its filters, sort and page, all read from the URL. */
type ListState<F extends FilterKinds> = {
  filters: UrlFilterValues<F>;
  sort: SortState | undefined;
  /** 1-based, as shown to the operator. */
  page: number;
  pageSize: number;
};

const RESERVED = new Set(['page', 'size', 'sort', 'order']);

/** Reads a list view from search params; anything malformed falls back to the default. */
export function parseListState<F extends FilterKinds>(
  params: URLSearchParams,
  options: ListStateOptions<F>,
): ListState<F> {
  const p = (name: string) => `${options.prefix ?? ''}${name}`;
  const filters = {} as Record<string, string | string[]>;
  for (const [key, kind] of Object.entries(options.filters)) {
    if (RESERVED.has(key)) throw new Error(`"${key}" is reserved for paging and sorting`);
    filters[key] =
      kind === 'list' ? params.getAll(p(key)).filter((v) => v !== '') : (params.get(p(key)) ?? '');
  }
  const page = Number(params.get(p('page')));
  const size = Number(params.get(p('size')));
  const target = params.get(p('sort'));
  const order = params.get(p('order'));
  const sortAllowed = target && (!options.sortTargets || options.sortTargets.includes(target));
  return {
    filters: filters as UrlFilterValues<F>,
    sort: sortAllowed
      ? { target, orderBy: order === 'desc' ? 'DESC' : 'ASC' }
      : options.defaultSort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * Writes a list view into search params, keeping params that are not the list's. Defaults
 * are left out so the plain screen has a clean URL.
 */
export function writeListState<F extends FilterKinds>(
  base: URLSearchParams,
  state: ListState<F>,
  options: ListStateOptions<F>,
): URLSearchParams {
  const p = (name: string) => `${options.prefix ?? ''}${name}`;
  const next = new URLSearchParams(base);
  for (const key of [...RESERVED, ...Object.keys(options.filters)]) next.delete(p(key));
  for (const [key, kind] of Object.entries(options.filters)) {
    const value = (state.filters as Record<string, string | string[] | undefined>)[key];
    if (kind === 'list')
      for (const v of (value as string[] | undefined) ?? []) next.append(p(key), v);
    else if (typeof value === 'string' && value.trim() !== '') next.set(p(key), value.trim());
  }
  const isDefaultSort =
    state.sort?.target === options.defaultSort?.target &&
    state.sort?.orderBy === options.defaultSort?.orderBy;
  if (state.sort && !isDefaultSort) {
    next.set(p('sort'), state.sort.target);
    next.set(p('order'), state.sort.orderBy.toLowerCase());
  }
  if (state.page > 1) next.set(p('page'), String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) next.set(p('size'), String(state.pageSize));
  return next;
}

/** The `pagination` argument every list call takes. */
export type PaginationVariables = {
  limit: number;
  offset: number;
  sort?: { target: string; orderBy: SortOrder };
};

/** A list's view, kept in the URL so a copied link reopens it and back/forward step through it. */
export type ListController<F extends FilterKinds> = ListState<F> & {
  pagination: PaginationVariables;
  /** `replace`: the page the server answered instead (past the end): no new history entry. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: SortState) => void;
  /** Sorts by `target` ascending, or flips the order when it is already the sort. */
  toggleSort: (target: string) => void;
  setFilters: (filters: Partial<UrlFilterValues<F>>) => void;
  clearFilters: () => void;
};

/** The URL-backed state of one list screen (filters, sort, page and page size). */
export function useListState<F extends FilterKinds>(
  options: ListStateOptions<F>,
): ListController<F> {
  const [params, setParams] = useSearchParams();
  const navigationType = useNavigationType();
  const state = useMemo(() => parseListState(params, options), [params, options]);
  // The URL we last asked for, until the router renders it. setSearchParams hands its callback
  // the params of the last render, so a second change made before that render (a sort click
  // right after Search) would otherwise start from the old URL and drop the first change.
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === params.toString() || navigationType === 'POP') pending.current = null;
  }, [params, navigationType]);
  // Each change is a history entry, so Back returns to the previous view.
  const update = useCallback(
    (change: (current: ListState<F>) => ListState<F>, replace = false) =>
      setParams(
        (prev) => {
          const base = pending.current === null ? prev : new URLSearchParams(pending.current);
          const next = writeListState(base, change(parseListState(base, options)), options);
          pending.current = next.toString();
          return next;
        },
        { replace },
      ),
    [setParams, options],
  );
  return useMemo(
    () => ({
      ...state,
      pagination: {
        limit: state.pageSize,
        offset: (state.page - 1) * state.pageSize,
        ...(state.sort ? { sort: state.sort } : {}),
      },
      setPage: (page, { replace = false } = {}) => update((s) => ({ ...s, page }), replace),
      // A new size, sort or filter starts again from the first page.
      setPageSize: (pageSize) => update((s) => ({ ...s, pageSize, page: 1 })),
      setSort: (sort) => update((s) => ({ ...s, sort, page: 1 })),
      toggleSort: (target) =>
        update((s) => ({
          ...s,
          sort: {
            target,
            orderBy: s.sort?.target === target && s.sort.orderBy === 'ASC' ? 'DESC' : 'ASC',
          },
          page: 1,
        })),
      setFilters: (filters) =>
        update((s) => ({ ...s, filters: { ...s.filters, ...filters }, page: 1 })),
      clearFilters: () =>
        update((s) => ({
          ...s,
          filters: parseListState(new URLSearchParams(), options).filters,
          page: 1,
        })),
    }),
    [state, update, options],
  );
}
