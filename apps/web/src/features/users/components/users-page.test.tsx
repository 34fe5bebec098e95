import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { getFeedback, resetFeedback } from '@/lib/feedback';
import { adminWithRoles, renderAt, renderRoutes } from '@/test/render';
import { jsonResponse } from '@/test/json-response';
import { findAmount } from '@/test/amounts';
import { UsersPage } from './users-page';
import { enterDate, findDateField } from '@/test/date-field';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const USER = {
  id: 7,
  userName: 'alice01',
  inviteCode: 'INV7',
  cardStatus: 4,
  totalHECStakedAmount: '1234567.000000000000000001',
  totalETHStakedAmount: '0',
  totalBuyAmountUsd: '1500.5',
  savingRewardsRate: '0.05',
  referralRate: '0.01',
  registeredAt: '2026-01-31T00:00:00.000Z',
  totalSentAmount: '10',
  totalOwl: '0',
  aubeUserInfo: {
    email: 'alice@example.com',
    aubeUserIdHash: 'abc',
    firstName: 'Alice',
    lastName: 'A',
    forceClubIdHash: 'fc1',
  },
};

function answer() {
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({ data: { users: { list: [USER], pagination: { totalRecords: 41 } } } }),
        { headers: { 'content-type': 'application/json' } },
      ),
  );
}

/** The variables of the n-th users call. */
function variables(call = -1): Record<string, unknown> {
  const init = fetchMock.mock.calls.at(call)?.[1];
  return (JSON.parse(String(init?.body)) as { variables: Record<string, unknown> }).variables;
}

describe('UsersPage', () => {
  it('says a failed page once, in the table, with its retry: no toast besides it', async () => {
    resetFeedback();
    // The users call gets no answer; the signed-in admin (the export button's guard) does.
    fetchMock.mockImplementation(async (_url, init) => {
      if (String(init?.body).includes('query Users')) throw new TypeError('Failed to fetch');
      return jsonResponse({ data: { adminUser: adminWithRoles('super_admin') } });
    });
    renderAt(<UsersPage />, '/common/users', []);
    expect(await screen.findByText(/Could not reach the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(getFeedback().toast).toBeNull();
  });

  it('sends the filters, sort and page of the URL, and shows amounts exactly on hover', async () => {
    answer();
    renderAt(<UsersPage />, '/common/users', []);
    // The cell shows at most 8 decimals, marked as rounded; the exact 18-decimal value is on
    // hover, focus and copy.
    const amount = await findAmount('1,234,567.000000000000000001');
    expect(amount).toHaveTextContent(/^≈1,234,567$/);
    expect(variables()).toEqual({
      pagination: { limit: 20, offset: 0, sort: { target: 'id', orderBy: 'DESC' } },
    });
    expect(screen.getByText('41 records')).toBeInTheDocument();
    // USD keeps its cents; the unit is in the column header, not the cell.
    expect(await findAmount('1,500.50')).toHaveTextContent(/^1,500.50$/);
    expect(
      screen.getByRole('columnheader', { name: /Total buy amount \(USD\)/ }),
    ).toBeInTheDocument();
  });

  it('applies every filter with Search, card statuses as chips, and opens a row', async () => {
    answer();
    const { router } = renderAt(<UsersPage />, '/common/users', ['/common/users/:id']);
    await screen.findByText('alice01');
    // One line of filters (issue 26); the rest open with "more".
    const more = screen.getByRole('button', { name: /^More filters \(\d+\)$/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Gold' })).toBeNull();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(screen.getByLabelText('User name'), 'ali');
    await userEvent.type(screen.getByLabelText('Invite code'), 'INV7');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@');
    await userEvent.type(screen.getByLabelText('ForceClub ID hash'), 'fc1');
    await userEvent.type(screen.getByLabelText('Min. total buy (USD)'), '100');
    await userEvent.type(screen.getByLabelText('Max. total buy (USD)'), '2000.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gold' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Black' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(variables()).toEqual({
        userName: 'ali',
        inviteCode: 'INV7',
        email: 'alice@',
        forceClubIdHash: 'fc1',
        totalBuyAmountMoreThanOrEqual: '100',
        totalBuyAmountLessThanOrEqual: '2000.5',
        cardStatus: [4, 6],
        pagination: { limit: 20, offset: 0, sort: { target: 'id', orderBy: 'DESC' } },
      }),
    );
    expect(router.state.location.search).toContain('cardStatus=4&cardStatus=6');
    // Applied filters among the hidden ones keep them open, and say how many are set.
    expect(
      await screen.findByRole('button', { name: 'Fewer filters', expanded: true }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('row', { name: 'Open the detail of user alice01' }));
    expect(router.state.location.pathname).toBe('/common/users/7');
  });

  it("sends the URL's registration range as business-day bounds (Asia/Tokyo) (the dashboard's New User link)", async () => {
    answer();
    renderRoutes(
      [{ path: '/common/users', element: <UsersPage /> }],
      '/common/users?registeredFrom=2026-10-01&registeredUntil=2026-10-30&sort=registeredAt&order=desc',
    );
    await screen.findByText('alice01');
    expect(variables()).toEqual({
      registeredAtFrom: '2026-09-30T15:00:00.000Z',
      registeredAtUntil: '2026-10-30T14:59:59.999Z',
      pagination: { limit: 20, offset: 0, sort: { target: 'registeredAt', orderBy: 'DESC' } },
    });
    // The fields show the range, so the operator sees why the list is short and can clear it.
    expect(await findDateField('Registered from')).toHaveValue('2026/10/01');
    expect(await findDateField('Registered until')).toHaveValue('2026/10/30');
  });

  it('shows the last page, its rows and range, for a page past the end (?page=99999)', async () => {
    // The server answers a page past the end with the last page, and says which (its offset).
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            data: { users: { list: [USER], pagination: { offset: 40, totalRecords: 41 } } },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const { router } = renderRoutes(
      [{ path: '/common/users', element: <UsersPage /> }],
      '/common/users?page=99999',
    );
    await screen.findByText('alice01');
    const usersCalls = () =>
      fetchMock.mock.calls.filter((c) => String(c[1]?.body).includes('"pagination"'));
    expect(variables()).toMatchObject({ pagination: { limit: 20, offset: 99_998 * 20 } });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('41–41 of 41')).toBeInTheDocument();
    expect(screen.getByText('alice01')).toBeInTheDocument();
    // The URL's page was replaced (Back does not return to the page that does not exist),
    // and the page is then asked for by its own offset.
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(usersCalls()).toHaveLength(2));
    expect(variables()).toMatchObject({ pagination: { limit: 20, offset: 40 } });
  });

  it('applies a registration range typed in the date fields, in the URL', async () => {
    answer();
    const { router } = renderAt(<UsersPage />, '/common/users', []);
    await screen.findByText('alice01');
    await userEvent.click(screen.getByRole('button', { name: /More filters/ }));
    await enterDate('Registered from', '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(variables()).toEqual({
        registeredAtFrom: '2026-02-28T15:00:00.000Z',
        pagination: { limit: 20, offset: 0, sort: { target: 'id', orderBy: 'DESC' } },
      }),
    );
    expect(router.state.location.search).toContain('registeredFrom=2026-03-01');
  });

  it('refuses a negative amount before calling the server', async () => {
    answer();
    renderAt(<UsersPage />, '/common/users');
    await screen.findByText('alice01');
    const calls = fetchMock.mock.calls.length;
    await userEvent.type(screen.getByLabelText('Min. total buy (USD)'), '-5');
    expect(screen.getByText('Enter an amount of 0 or more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('refuses more decimal places than USD has, with the rule the API applies', async () => {
    answer();
    renderAt(<UsersPage />, '/common/users');
    await screen.findByText('alice01');
    const calls = fetchMock.mock.calls.length;
    const field = screen.getByLabelText('Min. total buy (USD)');
    await userEvent.type(field, '100.005');
    expect(screen.getByText('Enter at most 2 decimal places')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await userEvent.type(field, '{Backspace}');
    expect(screen.queryByText('Enter at most 2 decimal places')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    await userEvent.clear(field);
    await userEvent.type(field, '9'.repeat(31));
    expect(
      screen.getByText('Enter at most 30 digits before the decimal point'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
