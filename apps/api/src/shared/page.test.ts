import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { toPageRequest } from './page';

const TARGETS = ['id', 'name'] as const;
const DEFAULT_SORT = { target: 'id', orderBy: 'desc' } as const;

function refusal(run: () => unknown): { code: string; field: unknown } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.details?.field };
    throw error;
  }
  return undefined;
}

describe('toPageRequest, the one check of a page request', () => {
  it('fills the defaults: limit 20, offset 0 and the list default sort', () => {
    expect(toPageRequest(undefined, TARGETS, DEFAULT_SORT)).toEqual({
      limit: DEFAULT_PAGE_SIZE,
      offset: 0,
      sort: { target: 'id', orderBy: 'desc' },
    });
    expect(toPageRequest({ sort: { target: 'name' } }, TARGETS, DEFAULT_SORT).sort).toEqual({
      target: 'name',
      orderBy: 'desc',
    });
  });

  it('keeps a valid request as asked', () => {
    expect(
      toPageRequest(
        { limit: MAX_PAGE_SIZE, offset: 40, sort: { target: 'name', orderBy: 'asc' } },
        TARGETS,
        DEFAULT_SORT,
      ),
    ).toEqual({ limit: MAX_PAGE_SIZE, offset: 40, sort: { target: 'name', orderBy: 'asc' } });
  });

  it('refuses a limit outside 1..500, a negative offset and an unknown sort target', () => {
    for (const limit of [0, -1, MAX_PAGE_SIZE + 1, 2.5]) {
      expect(refusal(() => toPageRequest({ limit }, TARGETS, DEFAULT_SORT))).toEqual({
        code: 'BAD_USER_INPUT',
        field: 'limit',
      });
    }
    expect(refusal(() => toPageRequest({ offset: -1 }, TARGETS, DEFAULT_SORT))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'offset',
    });
    expect(
      refusal(() => toPageRequest({ sort: { target: 'password' } }, TARGETS, DEFAULT_SORT)),
    ).toEqual({ code: 'BAD_USER_INPUT', field: 'sort.target' });
  });
});
