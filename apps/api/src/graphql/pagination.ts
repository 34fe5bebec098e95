import { DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@app/shared';
import { AppError } from '../shared/app-error';
import type { Page, PageInfo, SortOrder } from '../shared/page';
import { builder } from './builder';

export type { Page, PageInfo, SortOrder } from '../shared/page';

/** Largest page a list call returns (the repositories' limit too); bigger pages belong in a CSV export. */
export const MAX_PAGE_SIZE = 500;

export const SortOrderRef = builder.enumType('SortOrder', {
  values: ['ASC', 'DESC'] as const,
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

const SortRef = builder.objectRef<Page['sort']>('Sort').implement({
  fields: (t) => ({
    target: t.exposeString('target'),
    orderBy: t.field({ type: SortOrderRef, resolve: (sort) => sort.orderBy }),
  }),
});

export const PaginationRef = builder.objectRef<PageInfo>('Pagination').implement({
  description: 'The page a list call answered, and how many rows match in all.',
  fields: (t) => ({
    limit: t.exposeInt('limit'),
    offset: t.exposeInt('offset'),
    sort: t.field({ type: SortRef, resolve: (page) => page.sort }),
    totalRecords: t.exposeInt('totalRecords'),
  }),
});

type PaginationArg =
  | {
      limit?: number | null;
      offset?: number | null;
      sort?: { target: string; orderBy?: SortOrder | null } | null;
    }
  | null
  | undefined;

/**
 * Applies the spec defaults (limit 20, offset 0) and checks the sort target against the
 * columns a list allows, so repositories only ever see a known column name.
 */
export function toPage<Target extends string>(
  input: PaginationArg,
  sortable: readonly Target[],
  defaultSort: Page<Target>['sort'],
): Page<Target> {
  const limit = input?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = input?.offset ?? DEFAULT_OFFSET;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new AppError('BAD_USER_INPUT', `limit must be between 1 and ${MAX_PAGE_SIZE}.`, {
      field: 'limit',
    });
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new AppError('BAD_USER_INPUT', 'offset must be 0 or more.', { field: 'offset' });
  }
  const target = input?.sort?.target ?? defaultSort.target;
  if (!(sortable as readonly string[]).includes(target)) {
    throw new AppError('BAD_USER_INPUT', `sort.target must be one of ${sortable.join(', ')}.`, {
      field: 'sort.target',
    });
  }
  return {
    limit,
    offset,
    sort: { target: target as Target, orderBy: input?.sort?.orderBy ?? defaultSort.orderBy },
  };
}
