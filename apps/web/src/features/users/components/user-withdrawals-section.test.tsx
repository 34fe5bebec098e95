import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { renderAt } from '@/test/render';
import { UserWithdrawalHistoryPage } from './user-withdrawal-history-page';
import { findAmount } from '@/test/amounts';
import { UserWithdrawalsSection } from './user-withdrawals-section';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const BASE = {
  processingAt: null,
  completedAt: null,
  failedAt: null,
  rejectedAt: null,
  fee: '0',
  netAmount: '0',
  receiverAddress: '0xabc',
  transactionHash: null,
  rejectReason: null,
  failureReason: null,
};
const ROWS = [
  {
    ...BASE,
    id: '31',
    kind: 'payment_paid_value',
    status: 'completed',
    requestedAt: '2026-03-01T10:00:00.000Z',
    processingAt: '2026-03-01T12:00:00.000Z',
    completedAt: '2026-03-02T08:30:00.000Z',
    coinType: 'HEC',
    amount: '1234567.000000000000000001',
    transactionHash: '0xfeed',
    paidAmounts: [{ coin: 'HEC', amount: '1234567.000000000000000001', fee: '0', netAmount: '0' }],
  },
  {
    ...BASE,
    id: '30',
    kind: 'atem',
    status: 'rejected',
    requestedAt: '2026-02-01T00:00:00.000Z',
    rejectedAt: '2026-02-02T00:00:00.000Z',
    coinType: 'ATEM',
    amount: '12.500000000000000000',
    paidAmounts: [{ coin: 'ATEM', amount: '12.500000000000000000', fee: '0', netAmount: '0' }],
    rejectReason: 'Receiver address is on the block list',
  },
];

type Body = { query: string; variables: Record<string, unknown> };
const USER = { id: 12, userName: 'alice01', aubeUserInfo: { email: 'alice@example.com' } };

/** Answers userWithdrawalHistory with `list`, and the user call of the page's header. */
function answer(list: unknown[], totalRecords = list.length) {
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Body;
    const data = body.query.includes('userWithdrawalHistory(')
      ? { userWithdrawalHistory: { list, pagination: { totalRecords } } }
      : { user: USER };
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** The variables of the last userWithdrawalHistory call. */
function variables(): Record<string, unknown> {
  const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Body);
  return bodies.filter((b) => b.query.includes('userWithdrawalHistory(')).at(-1)?.variables ?? {};
}

describe('UserWithdrawalsSection', () => {
  it('shows the latest 10 requests of every kind: kind, status chip, exact amount, local dates', async () => {
    answer(ROWS, 57);
    renderAt(<UserWithdrawalsSection userId={12} />, '/common/users/12', [
      '/common/users/:id/withdrawal_history',
    ]);
    await findAmount('1,234,567.000000000000000001');
    expect(variables()).toEqual({ userId: 12, pagination: { limit: 10, offset: 0 } });
    const table = screen.getByRole('table', { name: 'Withdrawal history' });
    expect(within(table).getByText('Principal')).toBeInTheDocument();
    expect(within(table).getAllByText('ATEM').length).toBeGreaterThan(0);
    expect(within(table).getByText('Completed')).toHaveClass('MuiChip-label');
    expect(within(table).getByText('Rejected')).toHaveClass('MuiChip-label');
    // The coin varies by row, so its unit stays in the cell, after the aligned digits.
    expect((await findAmount('12.5', table)).closest('td')).toHaveTextContent('12.5 ATEM');
    expect(within(table).getByTitle(formatDateTime(ROWS[0]!.requestedAt))).toBeInTheDocument();
    // The completion date starts hidden (the status chip says it); the chooser shows it.
    expect(within(table).queryByTitle(formatDateTime(ROWS[0]!.completedAt))).toBeNull();
    // Cut to fit the laptop; the whole reason on hover.
    expect(within(table).getByTitle('Receiver address is on the block list')).toBeInTheDocument();
    expect(screen.getByText('57 records')).toBeInTheDocument();
    // One view-all to the user's own page; each kind opens its withdrawal screen for the user.
    const link = screen.getByRole('link', { name: 'View all' });
    expect(link).toHaveAttribute('href', '/common/users/12/withdrawal_history');
    const kindLinks = within(table).getAllByRole('link');
    expect(kindLinks).toHaveLength(ROWS.length);
    for (const a of kindLinks)
      expect(a.getAttribute('href')).toMatch(
        /^\/(withdrawals|aubecoin_saving)\/[a-z_]+\?userId=12$/,
      );
  });

  it('a principal request of an ETH plan reads its ETH, not its 0 HEC', async () => {
    answer([
      {
        ...ROWS[0],
        id: '32',
        amount: '0',
        paidAmounts: [{ coin: 'ETH', amount: '0.525', fee: '0.005', netAmount: '0.52' }],
      },
    ]);
    renderAt(<UserWithdrawalsSection userId={12} />, '/common/users/12');
    const table = await screen.findByRole('table', { name: 'Withdrawal history' });
    const cell = (await findAmount('0.525', table)).closest('td')!;
    expect(cell).toHaveTextContent('0.525 ETH');
    expect(cell).not.toHaveTextContent('HEC');
  });

  it('says so when the user has no withdrawals', async () => {
    answer([]);
    renderAt(<UserWithdrawalsSection userId={12} />, '/common/users/12');
    expect(await screen.findByText('No withdrawals.')).toBeInTheDocument();
  });
});

describe('UserWithdrawalHistoryPage', () => {
  const PATH = '/common/users/:id/withdrawal_history';

  it('sends the kind, status, sort and page of the URL; ignores values that are not kinds', async () => {
    answer(ROWS, 57);
    const { router } = renderAt(<UserWithdrawalHistoryPage />, PATH);
    await router.navigate(
      '/common/users/12/withdrawal_history?kind=atem&status=rejected&page=2&sort=id&order=asc',
    );
    await findAmount('12.5');
    expect(variables()).toEqual({
      userId: 12,
      kind: 'atem',
      status: 'rejected',
      pagination: { limit: 20, offset: 20, sort: { target: 'id', orderBy: 'ASC' } },
    });
    await router.navigate('/common/users/12/withdrawal_history?kind=lottery&status=paid');
    await waitFor(() =>
      expect(variables()).toEqual({
        userId: 12,
        pagination: { limit: 20, offset: 0, sort: { target: 'requestedAt', orderBy: 'DESC' } },
      }),
    );
  });

  it('filters by kind from the form into the URL, back to page 1', async () => {
    answer(ROWS, 57);
    const { router } = renderAt(<UserWithdrawalHistoryPage />, PATH);
    await router.navigate('/common/users/12/withdrawal_history?page=3');
    await findAmount('12.5');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bonus rewards' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=bonus_reward'));
    await waitFor(() => expect(variables()).toMatchObject({ kind: 'bonus_reward' }));
  });
});
