import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as Generated from '@/gql/graphql';
import { REFRESHES } from '@/gql/refreshes';
import { ROOT_FIELDS } from '@/gql/root-fields';
import { queryKeyFor } from './query-keys';
import { useRefresh, useWrite, type MutationName } from './use-write';

type Document = Generated.TypedDocumentString<unknown, never>;
const documents = Generated as unknown as Record<string, Document>;
const rootFields: Readonly<Record<string, readonly string[]>> = ROOT_FIELDS;
const refreshes: Readonly<Record<string, readonly string[] | 'everything'>> = REFRESHES;

/** Every operation the app sends, split by kind (read from the generated documents). */
const names = Object.keys(rootFields);
const isMutation = (name: string) => /^\s*mutation\b/.test(String(documents[`${name}Document`]));
const queries = names.filter((name) => !isMutation(name));
const mutations = names.filter(isMutation) as MutationName[];

/** A cache holding one entry of every query the app asks (with variables, as screens do). */
function filledCache() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  for (const name of queries)
    client.setQueryData(queryKeyFor(documents[`${name}Document`]!, { any: 1 } as never), {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = () =>
    queries.filter(
      (name) =>
        client.getQueryState(queryKeyFor(documents[`${name}Document`]!, { any: 1 } as never))
          ?.isInvalidated,
    );
  return { client, wrapper, stale };
}

/** Runs one write of `mutation` that succeeds or is refused; the stale queries after. */
async function staleAfter(
  mutation: Document | readonly Document[],
  outcome: 'success' | 'refused' = 'success',
  changesOn?: 'success',
) {
  const { wrapper, stale } = filledCache();
  const { result } = renderHook(
    () =>
      useWrite({
        mutationFn: async () => {
          if (outcome === 'refused') throw new Error('refused');
          return 'done';
        },
        mutation,
        ...(changesOn && { changesOn }),
      }),
    { wrapper },
  );
  await act(async () => {
    await result.current.mutateAsync().catch(() => undefined);
  });
  return stale();
}

/** The queries selecting a root field the mutation's command declares (apps/api `refreshes`). */
function declaredStale(mutation: string): string[] {
  const declared = rootFields[mutation]!.map((field) => refreshes[field]!);
  if (declared.includes('everything')) return queries;
  return queries.filter((query) =>
    rootFields[query]!.some((field) => declared.some((fields) => fields.includes(field))),
  );
}

describe('useWrite', () => {
  it('knows every mutation the app sends from its command (gql/refreshes.ts)', () => {
    expect(mutations.length).toBeGreaterThan(30);
    for (const mutation of mutations)
      for (const field of rootFields[mutation]!) expect(refreshes[field], field).toBeDefined();
  });

  it.each(mutations)(
    '%s marks stale exactly the cached queries selecting a root field its command declares',
    async (mutation) => {
      expect(await staleAfter(documents[`${mutation}Document`]!)).toEqual(declaredStale(mutation));
    },
  );

  it('refreshes by root field, whichever operation selects it', async () => {
    // postAddUserPayment declares userPayments, assetUnFixedPayments, ratesAndBTCAmountAtDeadlineDate, csvImports.
    expect(await staleAfter(Generated.TransactionsAddPaymentDocument)).toEqual([
      'TransactionsCsvImports',
      'TransactionsRatesSummary',
      'TransactionsUnfixed',
      'UserPayments',
    ]);
    // postConfirmTotpEnrollment declares adminUser: the profile page and the toolbar's admin.
    expect(await staleAfter(Generated.ConfirmTotpEnrollmentDocument)).toEqual([
      'CurrentAdmin',
      'MyProfile',
    ]);
  });

  it('refreshes what each of the mutations a write may send declares (a save: create or update)', async () => {
    expect(
      await staleAfter([
        Generated.CreateNotificationDocument,
        Generated.UpdateNotificationDocument,
      ]),
    ).toEqual(['Notifications']);
  });

  it('refreshes after a refused write too (it may say the view was stale)', async () => {
    expect(await staleAfter(Generated.SendMailDocument, 'refused')).toEqual(
      declaredStale('SendMail'),
    );
  });

  it("with changesOn 'success' refreshes only after a success", async () => {
    const mutation = Generated.DisableTotpDocument;
    expect(await staleAfter(mutation, 'success', 'success')).toEqual(['CurrentAdmin', 'MyProfile']);
    expect(await staleAfter(mutation, 'refused', 'success')).toEqual([]);
  });

  it("'everything' marks every cached query stale (the admin's own profile)", async () => {
    expect(await staleAfter(Generated.UpdateAdminUserProfileDocument)).toEqual(queries);
  });
});

describe('useRefresh', () => {
  it('marks stale what the named mutations declare, for a write that is not a useWrite', async () => {
    const { wrapper, stale } = filledCache();
    const { result } = renderHook(
      () => useRefresh(['TransactionsUploadPayments', 'TransactionsUploadRates']),
      { wrapper },
    );
    await act(() => result.current());
    expect(stale()).toEqual(declaredStale('TransactionsUploadPayments'));
    expect(stale()).toContain('UserPayments');
    expect(stale()).not.toContain('Users');
  });
});
