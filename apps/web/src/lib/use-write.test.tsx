import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrentAdminDocument, UserPaymentsDocument, UsersDocument } from '@/gql/graphql';
import { queryKeyFor } from './query-keys';
import { useWrite, type WriteChanges } from './use-write';

const KEYS = {
  changed: queryKeyFor(UsersDocument, { userName: 'bob' }),
  alsoChanged: queryKeyFor(UserPaymentsDocument, { input: { userId: 7 } }),
  untouched: queryKeyFor(CurrentAdminDocument),
};

/** Runs one write declared with `changes` that succeeds or is refused; the cache's stale marks after. */
async function staleAfter(
  outcome: 'success' | 'refused',
  changes: WriteChanges,
  changesOn?: 'success',
) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, { any: 'data' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useWrite({
        mutationFn: async () => {
          if (outcome === 'refused') throw new Error('refused');
          return 'done';
        },
        changes,
        ...(changesOn && { changesOn }),
      }),
    { wrapper },
  );
  await act(async () => {
    await result.current.mutateAsync().catch(() => undefined);
  });
  return Object.fromEntries(
    Object.entries(KEYS).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
  );
}

describe('useWrite', () => {
  it('marks stale the queries a write declares it changes, and no other, once it settles', async () => {
    const changes: WriteChanges = ['Users', 'UserPayments'];
    const expected = { changed: true, alsoChanged: true, untouched: false };
    expect(await staleAfter('success', changes)).toEqual(expected);
    // A refused write may say the view was stale: it refreshes what it declares too.
    expect(await staleAfter('refused', changes)).toEqual(expected);
  });

  it("with changesOn 'success' refreshes only after a success", async () => {
    const changes: WriteChanges = ['Users'];
    expect(await staleAfter('success', changes, 'success')).toMatchObject({ changed: true });
    expect(await staleAfter('refused', changes, 'success')).toMatchObject({ changed: false });
  });

  it("'everything' marks every cached query stale (the admin's own profile)", async () => {
    expect(await staleAfter('success', 'everything')).toEqual({
      changed: true,
      alsoChanged: true,
      untouched: true,
    });
  });
});
