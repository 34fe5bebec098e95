import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  parseListState,
  useListState,
  writeListState,
  type ListController,
  type ListStateOptions,
} from './list-state';

const OPTIONS = {
  filters: { userName: 'text', cardStatus: 'list' },
  defaultSort: { target: 'id', orderBy: 'DESC' },
  sortTargets: ['id', 'userName', 'registeredAt'],
} satisfies ListStateOptions<{ userName: 'text'; cardStatus: 'list' }>;

describe('parseListState / writeListState', () => {
  it('reads filters, sort and page from the URL', () => {
    const state = parseListState(
      new URLSearchParams(
        'userName=alice&cardStatus=1&cardStatus=3&sort=userName&order=asc&page=3&size=50',
      ),
      OPTIONS,
    );
    expect(state).toEqual({
      filters: { userName: 'alice', cardStatus: ['1', '3'] },
      sort: { target: 'userName', orderBy: 'ASC' },
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to defaults for anything malformed', () => {
    const state = parseListState(
      new URLSearchParams('page=-2&size=33&sort=password&order=sideways'),
      OPTIONS,
    );
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(20);
    expect(state.sort).toEqual({ target: 'id', orderBy: 'DESC' });
    expect(state.filters).toEqual({ userName: '', cardStatus: [] });
  });

  it('writes a round trip, leaves defaults out and keeps foreign params', () => {
    const base = new URLSearchParams('tab=2&userName=old');
    const written = writeListState(
      base,
      {
        filters: { userName: ' bob ', cardStatus: ['6'] },
        sort: { target: 'registeredAt', orderBy: 'DESC' },
        page: 2,
        pageSize: 100,
      },
      OPTIONS,
    );
    expect(written.toString()).toBe(
      'tab=2&userName=bob&cardStatus=6&sort=registeredAt&order=desc&page=2&size=100',
    );
    expect(parseListState(written, OPTIONS).filters.userName).toBe('bob');
    const plain = writeListState(
      new URLSearchParams(),
      {
        filters: { userName: '', cardStatus: [] },
        sort: OPTIONS.defaultSort,
        page: 1,
        pageSize: 20,
      },
      OPTIONS,
    );
    expect(plain.toString()).toBe('');
  });
});

describe('a second list on the same page', () => {
  it('keeps its own params under a prefix, leaving the first list alone', () => {
    const second = { ...OPTIONS, prefix: 'ref.' };
    const params = new URLSearchParams('page=3&ref.page=2&ref.userName=zed');
    expect(parseListState(params, OPTIONS).page).toBe(3);
    expect(parseListState(params, second).page).toBe(2);
    expect(parseListState(params, second).filters.userName).toBe('zed');
    const written = writeListState(params, { ...parseListState(params, second), page: 4 }, second);
    expect(written.toString()).toBe('page=3&ref.userName=zed&ref.page=4');
  });
});

describe('useListState', () => {
  it('turns the URL into the pagination argument, and each change is a history entry', async () => {
    let controller: ListController<typeof OPTIONS.filters> | undefined;
    // The hook reads the router's location, so it runs inside a route element.
    function Probe() {
      controller = useListState(OPTIONS);
      return null;
    }
    const router = createMemoryRouter([{ path: '/users', Component: Probe }], {
      initialEntries: ['/users?page=2&size=50'],
    });
    render(<RouterProvider router={router} />);
    expect(controller?.pagination).toEqual({
      limit: 50,
      offset: 50,
      sort: { target: 'id', orderBy: 'DESC' },
    });

    act(() => controller?.setFilters({ userName: 'carol' }));
    expect(router.state.location.search).toBe('?userName=carol&size=50');
    expect(controller?.page).toBe(1);

    act(() => controller?.setSort({ target: 'userName', orderBy: 'ASC' }));
    act(() => controller?.setPage(4));
    expect(router.state.location.search).toBe(
      '?userName=carol&sort=userName&order=asc&page=4&size=50',
    );
    expect(controller?.pagination.offset).toBe(150);

    // Back returns to the previous view, read again from the URL.
    await act(() => router.navigate(-1));
    expect(controller?.page).toBe(1);
    expect(controller?.sort).toEqual({ target: 'userName', orderBy: 'ASC' });

    // Two changes before the router renders the first: both land.
    act(() => {
      controller?.setFilters({ userName: 'dave' });
      controller?.toggleSort('registeredAt');
    });
    expect(router.state.location.search).toBe('?userName=dave&sort=registeredAt&order=asc&size=50');

    act(() => controller?.setPageSize(20));
    act(() => controller?.clearFilters());
    expect(controller?.filters).toEqual({ userName: '', cardStatus: [] });
    expect(router.state.location.search).toBe('?sort=registeredAt&order=asc');
  });
});
