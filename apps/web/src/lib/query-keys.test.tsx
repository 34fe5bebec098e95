import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrentAdminDocument, UserPaymentsDocument, UsersDocument } from '@/gql/graphql';
import { queryKeyFor, useInvalidate } from './query-keys';

describe('queryKeyFor', () => {
  it('keys a query by its operation name, then its variables', () => {
    const variables = { input: { userId: 7 } };
    expect(queryKeyFor(UserPaymentsDocument, variables)).toEqual(['UserPayments', variables]);
    expect(queryKeyFor(CurrentAdminDocument)).toEqual(['CurrentAdmin']);
  });

  it('reads the name from a plain operation text too (what the build inlines)', () => {
    const text =
      '\n  query UserPayments($input: UserPaymentsInput) {\n    userPayments { list { userPaymentId } } }';
    expect(queryKeyFor(text as unknown as typeof UserPaymentsDocument)).toEqual(['UserPayments']);
  });
});

describe('useInvalidate', () => {
  it('marks stale every cached query of the named operations, whatever the variables, and no other', async () => {
    const client = new QueryClient();
    const keys = {
      mine: queryKeyFor(UsersDocument, { userName: 'bob' }),
      other: queryKeyFor(UserPaymentsDocument, { input: { userId: 7 } }),
      untouched: queryKeyFor(CurrentAdminDocument),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { any: 'data' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvalidate(['Users', 'UserPayments']), {
      wrapper,
    });
    await result.current();
    expect(client.getQueryState(keys.mine)?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.other)?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.untouched)?.isInvalidated).toBe(false);
  });
});
