import type {
  ArgBuilder,
  FieldMap,
  InputFieldMap,
  InputObjectRef,
  InputShapeFromFields,
  ObjectRef,
} from '@pothos/core';
import {
  readFromNearerEnd,
  toPageRequest,
  type Page,
  type PageInfo,
  type PageRequest,
  type PageRequestInput,
  type SortOrder,
} from '../shared/page';
import type { GraphQLResolveInfo } from 'graphql';
import { builder, type AuthScopes } from './builder';
import type { GraphQLContext } from './context';

type Types = typeof builder.$inferSchemaTypes;

const SortOrderRef = builder.enumType('SortOrder', {
  // Inside the API a direction is Kysely's lower-case form; the contract keeps ASC and DESC.
  values: { ASC: { value: 'asc' as const }, DESC: { value: 'desc' as const } },
});

export const SortInputRef = builder.inputType('SortInput', {
  description: 'Which column a list is sorted by (spec section 3, "Pagination").',
  fields: (t) => ({
    target: t.string({ required: true }),
    orderBy: t.field({ type: SortOrderRef, required: false }),
  }),
});

export const PaginationInputRef = builder.inputType('PaginationInput', {
  description: 'limit (default 20), offset (default 0) and sort of a list call.',
  fields: (t) => ({
    limit: t.int({ required: false }),
    offset: t.int({ required: false }),
    sort: t.field({ type: SortInputRef, required: false }),
  }),
});

/**
 * The input of a list that takes its search and its page in one object (`input: { searchParams,
 * pagination }`, the spec's shape for some lists); the list reads its page back with
 * `pageInput: (args) => args.input?.pagination`.
 */
export function searchListInput<T extends object>(
  name: string,
  searchParams: InputObjectRef<Types, T>,
) {
  return builder.inputType(name, {
    fields: (t) => ({
      searchParams: t.field({ type: searchParams, required: false }),
      pagination: t.field({ type: PaginationInputRef, required: false }),
    }),
  });
}

const SortRef = builder.objectRef<PageInfo['sort']>('Sort').implement({
  fields: (t) => ({
    target: t.exposeString('target'),
    orderBy: t.field({ type: SortOrderRef, resolve: (sort) => sort.orderBy }),
  }),
});

const PaginationRef = builder.objectRef<PageInfo>('Pagination').implement({
  description: 'The page a list call answered, and how many rows match in all.',
  fields: (t) => ({
    limit: t.exposeInt('limit'),
    offset: t.exposeInt('offset'),
    sort: t.field({ type: SortRef, resolve: (page) => page.sort }),
    totalRecords: t.exposeInt('totalRecords'),
  }),
});

/**
 * What a paged list's wrapper object holds: its rows, the page served, and any totals. Not
 * generic on purpose: Pothos resolves its result types only for a concrete parent shape.
 */
type PagedResult = { rows: readonly unknown[]; pagination: PageInfo };

type PagedListOptions<
  Row,
  Target extends string,
  Args extends InputFieldMap,
  Extra extends object,
> = {
  /** Name of the wrapper object type, e.g. `UserList`. */
  type: string;
  /** The row type. */
  item: ObjectRef<Types, Row>;
  /** Name of the rows field of the wrapper: `list` unless the contract says otherwise. */
  listField?: string;
  description?: string;
  /** The access rule (exactly one, as on every operation). */
  authScopes: Partial<AuthScopes>;
  /** The list's filter arguments. A top-level `pagination` argument is added unless `pageInput`. */
  args?: (arg: ArgBuilder<Types>) => Args;
  /** Where the page request sits when it is inside an input object rather than `pagination`. */
  pageInput?: (args: InputShapeFromFields<Args>) => PageRequestInput;
  /**
   * Loads one page through the module's service. `Extra` are totals shown beside the rows.
   * `info` lets a hot list read only what the query selects (graphql/selection.ts).
   */
  load: (
    args: InputShapeFromFields<Args>,
    page: PageRequest<Target>,
    ctx: GraphQLContext,
    info: GraphQLResolveInfo,
  ) => Promise<Page<Row> & Extra>;
  /** Fields of the wrapper beyond rows and `pagination`, resolved from `Extra`. */
  extraFields?: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, Extra>) => FieldMap;
};

/**
 * The sentence of a list call's description that names its sort targets, generated from the
 * list's declaration (every target, the default first with its order), so the contract never
 * lists fewer than the call takes.
 */
export function sortTargetsSentence<Target extends string>(
  sortTargets: readonly Target[],
  defaultSort: { target: Target; orderBy: SortOrder },
): string {
  const others = sortTargets.filter((target) => target !== defaultSort.target);
  const first = `${defaultSort.target} (default, ${defaultSort.orderBy.toUpperCase()})`;
  return `Sort target${others.length > 0 ? 's' : ''}: ${[first, ...others].join(', ')}.`;
}

/** What a paged list query takes from the list's declaration (platform/lists): its call and sort. */
type PagedListDeclaration<Target extends string> = {
  call: string;
  sortTargets: readonly Target[];
  defaultSort: { target: Target; orderBy: SortOrder };
};

/**
 * Declares a paged list query in one call: the `{list, pagination}` wrapper type, the
 * `pagination` argument, the page check (`toPageRequest`: defaults, bounds, allowed sort
 * targets) and the answer's page info. The call's name and its sort come from the list's
 * declaration, so they are written once. See docs/list-conventions.md, "A paged list in the API".
 */
export function pagedListQuery<
  Row,
  Target extends string,
  Args extends InputFieldMap = Record<string, never>,
  Extra extends object = Record<string, never>,
>(list: PagedListDeclaration<Target>, options: PagedListOptions<Row, Target, Args, Extra>): void {
  const { call: name, sortTargets, defaultSort } = list;
  const listField = options.listField ?? 'list';
  const wrapper = builder.objectRef<PagedResult>(options.type).implement({
    fields: (t) => ({
      // The wrapper's parent carries Extra (spread in by the resolver below).
      ...options.extraFields?.(t as unknown as PothosSchemaTypes.ObjectFieldBuilder<Types, Extra>),
      [listField]: t.field({ type: [options.item], resolve: (result) => result.rows as Row[] }),
      pagination: t.field({ type: PaginationRef, resolve: (result) => result.pagination }),
    }),
  });
  builder.queryField(name, (t) =>
    t.field({
      description: [options.description, sortTargetsSentence(sortTargets, defaultSort)]
        .filter(Boolean)
        .join(' '),
      type: wrapper,
      authScopes: options.authScopes,
      args: {
        ...options.args?.(t.arg),
        ...(options.pageInput
          ? {}
          : { pagination: t.arg({ type: PaginationInputRef, required: false }) }),
      },
      resolve: async (_root, rawArgs, ctx, info) => {
        const args = rawArgs as InputShapeFromFields<Args> & { pagination?: PageRequestInput };
        const page = toPageRequest(
          options.pageInput ? options.pageInput(args) : args.pagination,
          sortTargets,
          defaultSort,
        );
        // Every list: a deep page is read from the nearer end, a page past the end is the last
        // page, and the answer says which offset it served (the web pager shows that page).
        const { answer, offset } = await readFromNearerEnd(page, (p) =>
          options.load(args, p, ctx, info),
        );
        const { rows, totalRecords, ...extra } = answer;
        return {
          ...(extra as unknown as Extra),
          rows,
          pagination: { ...page, offset, totalRecords },
        } satisfies PagedResult;
      },
    }),
  );
}
