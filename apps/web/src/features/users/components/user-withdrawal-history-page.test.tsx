import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { i18n } from '@/i18n';
import { renderAt } from '@/test/render';
import { UserWithdrawalHistoryPage } from './user-withdrawal-history-page';

const fetchMock = vi.fn<typeof fetch>();
const PATH = '/common/users/:id/withdrawal_history';

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    const data = body.query.includes('userWithdrawalHistory(')
      ? { userWithdrawalHistory: { list: [], pagination: { totalRecords: 0 } } }
      : { user: { id: 12, userName: 'alice01', aubeUserInfo: { email: 'alice@example.com' } } };
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The variables of the last userWithdrawalHistory call. */
function variables(): Record<string, unknown> {
  const bodies = fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: object },
  );
  const last = bodies.filter((b) => b.query.includes('userWithdrawalHistory(')).at(-1);
  return (last?.variables ?? {}) as Record<string, unknown>;
}

describe('UserWithdrawalHistoryPage', () => {
  it('asks for the route’s user with the URL’s kind, status and sort, and leaves out made-up ones', async () => {
    const { router } = renderAt(<UserWithdrawalHistoryPage />, PATH);
    await router.navigate(
      '/common/users/12/withdrawal_history?kind=atem&status=approved&sort=id&order=asc',
    );
    await waitFor(() =>
      expect(variables()).toMatchObject({
        userId: 12,
        kind: 'atem',
        status: 'approved',
        pagination: { limit: 20, offset: 0, sort: { target: 'id', orderBy: 'ASC' } },
      }),
    );
    await router.navigate('/common/users/12/withdrawal_history?kind=gold&status=lost');
    await waitFor(() =>
      expect(variables()).toMatchObject({
        userId: 12,
        pagination: { sort: { target: 'requestedAt', orderBy: 'DESC' } },
      }),
    );
    expect(variables()).not.toHaveProperty('kind');
    expect(variables()).not.toHaveProperty('status');
  });
});
