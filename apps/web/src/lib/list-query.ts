import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { DataColumn } from '@/components/data-table/data-table';
import type { FilterDraft, FilterFormField } from '@/components/list-filters';
import type { TypedDocumentString } from '@/gql/graphql';
import { request } from './graphql-client';
import type { Filters, ListShape } from '@app/shared';
import {
  useListState,
  type FilterKinds,
  type UrlFilterValues,
  type ListStateOptions,
  type PaginationVariables,
  type SortState,
} from './list-state';
import { queryKeyFor } from './query-keys';

/**
 * One page of a paged list, as every list query answers it. `offset` is where the page the
 * server answered starts: the asked one, or the last page's when the asked one is past the end
 * (an edited `?page=`, rows deleted meanwhile).
 */
export type ListPage<Row> = { list: Row[]; pagination: { totalRecords: number; offset?: number } };

/** The applied filters with empty ones left out: what list and export queries take. */
type ListSearch<F extends FilterKinds> = {
  [K in keyof F]: UrlFilterValues<F>[K] | undefined;
};

/**
 * A list's data, declared once: its view of the API's list declaration (`listView`: URL
 * filters, sort targets, default sort), how the view becomes the list query's variables, and
 * the export that takes the same filters and sort. `useListQuery` runs it. `C` is what the
 * screen adds from outside the URL (the user of
 * a user's history, a withdrawal kind, the server's statuses), handed to the variables and,
 * in a `ListDescriptor`, to the table's name, key, fields and columns; `X` is what the page
 * carries besides its rows (a history's totals).
 */
type ListQueryDescriptor<F extends FilterKinds, Row, LR, LV, ER, EV, C = undefined, X = unknown> = {
  /**
   * The list's declaration and its URL state, from `listView(SHAPE)`; a module constant, so
   * its identity is stable.
   */
  view: {
    shape: ListShape<Filters, string>;
    url: ListStateOptions<F>;
    /** Each filter in the URL by name: its URL key (`listView`'s `keys`). */
    urlKeys: Readonly<Record<string, string>>;
  };
  query: {
    document: TypedDocumentString<LR, LV>;
    variables: (search: ListSearch<F>, pagination: PaginationVariables, context: C) => LV;
    /** The page in the answer; what else it returns (totals over every page) is `query.data`'s too. */
    page: (data: LR) => ListPage<Row> & X;
    /** false: a new view shows no rows until it loads (a list without pages). */
    keepPrevious?: boolean;
    /** Asks again after this many ms while the page says work is under way (a send delivering). */
    poll?: (page: ListPage<Row> & X) => number | false;
    /** Whether the view can be asked yet (a status tab waits for the server's statuses). */
    enabled?: (search: ListSearch<F>, context: C) => boolean;
  };
  /** The CSV export of exactly this view (its filters and sort), when the list has one. */
  export?: {
    document: TypedDocumentString<ER, EV>;
    variables: (search: ListSearch<F>, sort: SortState | undefined, context: C) => EV;
    link: (data: ER) => { url: string; fileName: string };
    /** More buttons, one per other file layout: what each adds to the view (`{ version: 2 }`). */
    layouts?: {
      extra: Partial<EV>;
      label: (t: TFunction) => string;
      help?: (t: TFunction) => string;
    }[];
  };
};

/**
 * A list screen, declared once: its data (above) and its table (filter fields, columns,
 * rows). `useListQuery` and `ListScreen` (components/list-screen.tsx) do the rest.
 */
export type ListDescriptor<
  F extends FilterKinds,
  Row,
  LR,
  LV,
  ER,
  EV,
  C = undefined,
  X = unknown,
> = ListQueryDescriptor<F, Row, LR, LV, ER, EV, C, X> & {
  /** Accessible name of the table. */
  label: (t: TFunction, context: C) => string;
  /** Remembers the column choice in localStorage. */
  storageKey: string | ((context: C) => string);
  fields: (t: TFunction, context: C) => FilterFormField[];
  /** What the form shows when not the URL's filters: a value the URL made up left out. */
  filterValues?: (filters: UrlFilterValues<F>) => FilterDraft;
  columns: (t: TFunction, context: C) => DataColumn<Row>[];
  getRowId: (row: Row) => string | number;
  /** Where a row opens (its route), and the row's accessible name then. */
  rowLink?: { to: (row: Row) => string; label: (t: TFunction, row: Row) => string };
  /** What the table says when the view has no rows (the list's own wording). */
  emptyText?: (t: TFunction, context: C) => string;
  /** false leaves out the time-zone note (a list without dates, or one note for tabs). */
  timeZoneNote?: boolean;
};

/** A list query's document and where its page sits in the answer (a feature's api file). */
export function listQuery<LR, LV, P extends ListPage<unknown>>(
  document: TypedDocumentString<LR, LV>,
  page: (data: LR) => P,
) {
  return { document, page };
}

/** What the tests and the screens table read of a declared list screen. */
type DeclaredListScreen = {
  view: {
    shape: ListShape<Filters, string>;
    url: ListStateOptions<FilterKinds>;
    urlKeys: Readonly<Record<string, string>>;
  };
  storageKey: string | ((context: never) => string);
  fields: (t: TFunction, context: never) => FilterFormField[];
  columns: (t: TFunction, context: never) => DataColumn<never>[];
};

const declared: DeclaredListScreen[] = [];

/**
 * Every list screen declared so far (a screen's module declares it when it loads): the test
 * that holds each screen to its API list and the screens table's test read them.
 */
export function declaredListScreens(): readonly DeclaredListScreen[] {
  return declared;
}

/** Declares a list screen (and so the types are inferred from the documents). */
export function defineListScreen<
  F extends FilterKinds,
  Row,
  LR,
  LV,
  ER,
  EV,
  C = undefined,
  X = unknown,
>(
  descriptor: ListDescriptor<F, Row, LR, LV, ER, EV, C, X>,
): ListDescriptor<F, Row, LR, LV, ER, EV, C, X> {
  declared.push(descriptor as unknown as DeclaredListScreen);
  return descriptor;
}

/** The applied filters without the empty ones (an empty text or set is no filter). */
export function listSearch<F extends FilterKinds>(filters: UrlFilterValues<F>): ListSearch<F> {
  const search = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(filters as Record<string, string | string[]>))
    search[key] = (Array.isArray(value) ? value.length > 0 : value !== '') ? value : undefined;
  return search as ListSearch<F>;
}

/** The column-choice key of a declared list (fixed, or per context: one per withdrawal kind). */
export function listStorageKey<C>(key: string | ((context: C) => string), context: C): string {
  return typeof key === 'string' ? key : key(context);
}

/**
 * A declared list's view and data: the URL state, the page its query answers for it, the
 * list's variables (a screen's tools take the same view) and the export link of the same view
 * (filters and sort). `context` is the descriptor's `C`.
 */
export function useListQuery<F extends FilterKinds, Row, LR, LV, ER, EV, C, X>(
  descriptor: ListQueryDescriptor<F, Row, LR, LV, ER, EV, C, X>,
  ...[context]: C extends undefined ? [context?: C] : [context: C]
) {
  const ctx = context as C;
  const list = useListState(descriptor.view.url);
  const search = listSearch(list.filters);
  const { document, variables, page, keepPrevious = true, enabled, poll } = descriptor.query;
  const vars = variables(search, list.pagination, ctx);
  const query = useQuery({
    queryKey: queryKeyFor(document, vars),
    queryFn: async () => page(await request(document, vars)),
    // The table says why its rows did not load, with its retry; a toast would say it twice.
    meta: { silentError: true },
    ...(keepPrevious && { placeholderData: keepPreviousData }),
    ...(enabled && { enabled: enabled(search, ctx) }),
    ...(poll && {
      refetchInterval: (q: { state: { data?: ListPage<Row> & X } }) =>
        q.state.data ? poll(q.state.data) : false,
    }),
  });
  // A page past the end is answered with the last page: the URL (and so the pager and its
  // range) moves to the page served, without a new history entry, so Back does not return to
  // a page that does not exist.
  const served = query.isPlaceholderData ? undefined : query.data?.pagination.offset;
  const { setPage, pageSize } = list;
  useEffect(() => {
    if (served !== undefined && served !== list.pagination.offset)
      setPage(Math.floor(served / pageSize) + 1, { replace: true });
  }, [served, list.pagination, setPage, pageSize]);
  const spec = descriptor.export;
  // `extra`: what one export button adds to the view's variables (a file layout's version).
  const exportLink = spec
    ? async (extra?: Partial<EV>) =>
        spec.link(
          await request(spec.document, {
            ...spec.variables(search, list.sort, ctx),
            ...extra,
          } as EV),
        )
    : undefined;
  return { list, query, variables: vars, exportLink };
}
