import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { i18n } from '@/i18n';
import { renderAt } from '@/test/render';
import { UserPaymentHistoryPage } from './user-payment-history-page';

const fetchMock = vi.fn<typeof fetch>();
const PATH = '/common/users/:id/payment_history';

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    const data = body.query.includes('userPayments(')
      ? { userPayments: { list: [], pagination: { totalRecords: 0 } } }
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

/** The input of the last userPayments call. */
function input(): Record<string, unknown> {
  const bodies = fetchMock.mock.calls.map(
    ([, init]) =>
      JSON.parse(String(init?.body)) as { query: string; variables: { input?: object } },
  );
  const last = bodies.filter((b) => b.query.includes('userPayments(')).at(-1);
  return (last?.variables.input ?? {}) as Record<string, unknown>;
}

describe('UserPaymentHistoryPage', () => {
  it('sends a payment status from the URL, and leaves out one that is not a status', async () => {
    const { router } = renderAt(<UserPaymentHistoryPage />, PATH);
    await router.navigate('/common/users/12/payment_history?paymentStatus=asset_fixed');
    await waitFor(() =>
      expect(input()).toMatchObject({ userId: 12, paymentStatus: 'asset_fixed' }),
    );
    await router.navigate('/common/users/12/payment_history?paymentStatus=paid');
    await waitFor(() => expect(input()).not.toHaveProperty('paymentStatus'));
    expect(input()).toMatchObject({ userId: 12 });
  });
});
