import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderAt } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const fetchMock = vi.fn<typeof fetch>();

const pair = (current: unknown, previous: unknown, change: unknown, changePercent: unknown) => ({
  current,
  previous,
  change,
  changePercent,
});

const STATS = {
  dateFrom: '2026-09-01',
  dateUntil: '2026-09-30',
  previousDateFrom: '2026-08-02',
  previousDateUntil: '2026-08-31',
  revenueUsd: pair('1234567.5', '1000000', '234567.5', '23.5'),
  newUsers: pair(3, 5, -2, '-40.0'),
  totalUsers: pair(1003, 1000, 3, '0.3'),
  cardStatuses: [0, 1, 2, 3, 4, 5, 6].map((s) => ({
    cardStatus: s,
    users: 100 + s,
    newUsers: pair(s, 0, s, null),
  })),
  purchaseRanges: [
    { index: 0, min: '0', max: '0' },
    { index: 1, min: '0.01', max: '99.99' },
    { index: 6, min: '10000', max: null },
  ].map((r) => ({ ...r, users: 7, newUsers: pair(0, 0, 0, null) })),
  campaignEth: pair('0.000000000000000001', '0', '0.000000000000000001', null),
  campaignHec: pair('12.5', '12.5', '0', '0.0'),
  exBonusHec: pair('1.000000000000000001', '2', '-0.999999999999999999', '-50.0'),
  days: [
    { date: '2026-09-01', revenueUsd: '1234567.5', newUsers: 3 },
    { date: '2026-09-02', revenueUsd: '0', newUsers: 0 },
  ],
};

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no layout: the charts measure their width with a ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  localStorage.clear();
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    const data = body.query.includes('dashboardStatistics(')
      ? { dashboardStatistics: STATS }
      : { adminUser: null };
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The variables of the last dashboardStatistics call. */
function variables(): Record<string, unknown> {
  const bodies = fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: object },
  );
  return (bodies.filter((b) => b.query.includes('dashboardStatistics(')).at(-1)?.variables ??
    {}) as Record<string, unknown>;
}

describe('DashboardPage', () => {
  it('shows exact figures, signed changes and links to the lists they summarise', async () => {
    const { router } = renderAt(<DashboardPage />, '/common/dashboard');
    await router.navigate('/common/dashboard?period=CUSTOM&from=2026-09-01&until=2026-09-30');
    const revenue = await screen.findByTestId('widget-revenue');
    await waitFor(() => expect(variables()).toMatchObject({ period: 'CUSTOM' }));
    expect(variables()).toEqual({
      period: 'CUSTOM',
      dateFrom: '2026-09-01',
      dateUntil: '2026-09-30',
    });
    expect(within(revenue).getByTestId('figure')).toHaveTextContent('1,234,567.50 USD');
    expect(within(revenue).getByTestId('figure')).toHaveAttribute(
      'href',
      '/common/asset_statistic?from=2026-09-01&until=2026-09-30',
    );
    expect(within(revenue).getByTestId('change')).toHaveTextContent(
      '+234,567.50 USD vs previous period (+23.5%)',
    );
    const newUser = screen.getByTestId('widget-newUser');
    expect(within(newUser).getByTestId('change')).toHaveTextContent(
      '−2 vs previous period (−40.0%)',
    );
    // New User opens the users registered in the period (its UTC days), newest first.
    expect(within(newUser).getByTestId('figure')).toHaveAttribute(
      'href',
      '/common/users?registeredFrom=2026-09-01&registeredUntil=2026-09-30&sort=registeredAt&order=desc',
    );
    const bonus = screen.getByTestId('widget-exBonus');
    // 18 decimals: compact and marked as rounded; the link's name holds what it shows (axe:
    // label-content-name-mismatch), then the exact value, which is also on hover.
    expect(within(bonus).getByTestId('figure')).toHaveTextContent(/^≈1 HEC$/);
    expect(within(bonus).getByTestId('figure')).toHaveAccessibleName(
      'Open the list of ExBonus from Referral Plan: ≈1 HEC (1.000000000000000001 HEC)',
    );
    expect(within(bonus).getByTestId('figure').querySelector('[data-exact]')).toHaveAttribute(
      'data-exact',
      '1.000000000000000001',
    );
    // ExBonus opens the period's asset statistics, whose HECReferralBonus sum is the figure.
    expect(within(bonus).getByTestId('figure')).toHaveAttribute(
      'href',
      '/common/asset_statistic?from=2026-09-01&until=2026-09-30',
    );
    expect(within(bonus).getByTestId('change')).toHaveTextContent(
      /^−≈1 HEC vs previous period \(−50\.0%\)$/,
    );
    const change = within(within(bonus).getByTestId('change')).getByText('≈1 HEC');
    await userEvent.hover(change);
    expect(screen.getByRole('tooltip')).toHaveTextContent('0.999999999999999999 HEC');
    expect(screen.getByRole('link', { name: /^Open the list of Gold: 104$/ })).toHaveAttribute(
      'href',
      '/common/users?cardStatus=4',
    );
    expect(
      screen.getByRole('link', { name: /^Open the list of 0\.01 – 99\.99 USD: 7$/ }),
    ).toHaveAttribute('href', '/common/users?totalBuyMin=0.01&totalBuyMax=99.99');
    expect(
      screen.getByRole('link', { name: /^Open the list of 10,000 USD and more: 7$/ }),
    ).toHaveAttribute('href', '/common/users?totalBuyMin=10000');
  });

  it('asks for the chosen period and shows a chart as a table of the same numbers', async () => {
    renderAt(<DashboardPage />, '/common/dashboard');
    await screen.findByTestId('widget-revenue');
    expect(variables()).toEqual({ period: 'LAST_30_DAYS' });
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(variables()).toEqual({ period: 'LAST_7_DAYS' }));
    const revenue = screen.getByTestId('widget-revenue');
    await userEvent.click(within(revenue).getByRole('button', { name: 'Table' }));
    const table = await within(revenue).findByRole('table', { name: 'Revenue per day (USD)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateRevenue', '2026-09-011,234,567.50 USD', '2026-09-020.00 USD']);
  });
});
