import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { UserDetailPage } from './user-detail-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('UserDetailPage', () => {
  it('shows one not-found message for an unknown user instead of nine failing sections', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            data: null,
            errors: [{ message: 'User 999 was not found.', extensions: { code: 'NOT_FOUND' } }],
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    renderRoutes([{ path: '/common/users/:id', element: <UserDetailPage /> }], '/common/users/999');
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'General info' })).not.toBeInTheDocument();
  });

  it('rejects an id that is not a positive integer without calling the server', () => {
    renderRoutes([{ path: '/common/users/:id', element: <UserDetailPage /> }], '/common/users/abc');
    expect(screen.getByText('Not found.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows principal, rewards and rate of all four coin-saving plans beside the total', async () => {
    const detail = {
      oneYearPlanRate: '0.05',
      twoYearPlanRate: '0.08',
      threeYearPlanRate: '0.10',
      fiveYearPlanRate: '0.15',
      oneYearPlanPrincipal: '1.000000000000000000',
      twoYearPlanPrincipal: '2.000000000000000000',
      threeYearPlanPrincipal: '3.000000000000000000',
      fiveYearPlanPrincipal: '5.000000000000000000',
      oneYearPlanRewards: '1234567.123456789012345678',
      twoYearPlanRewards: '7654321.876543210987654321',
      threeYearPlanRewards: '5555555.555555555555555555',
      fiveYearPlanRewards: '9999999.999999999999999999',
      totalRewards: '24444444.555555555555555553',
      userPreBonusRate: '0.01',
      userCardStatusBonusRate: '0',
    };
    fetchMock.mockImplementation(async (_url, init) => {
      const { query } = JSON.parse(String(init?.body)) as { query: string };
      const body = query.includes('userHecSavingDetail(')
        ? { data: { userHecSavingDetail: detail } }
        : { data: null, errors: [{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderRoutes([{ path: '/common/users/:id', element: <UserDetailPage /> }], '/common/users/12');
    const section = await screen.findByRole('region', { name: 'Coin saving' });
    const value = async (label: string) =>
      (await within(section).findByText(label)).nextElementSibling?.textContent;
    // 18 decimals: compact, marked as rounded, the exact value kept for hover and copy.
    const exact = async (label: string) =>
      (await within(section).findByText(label)).nextElementSibling
        ?.querySelector('[data-exact]')
        ?.getAttribute('data-exact');
    expect(await value('3 years plan rewards')).toBe('≈5,555,555.55555556 HEC');
    expect(await exact('3 years plan rewards')).toBe('5,555,555.555555555555555555');
    expect(await value('5 years plan rewards')).toBe('≈10,000,000 HEC');
    expect(await exact('5 years plan rewards')).toBe('9,999,999.999999999999999999');
    expect(await value('3 years plan principal')).toBe('3 HEC');
    expect(await value('5 years plan principal')).toBe('5 HEC');
    expect(await value('3 years plan rate')).toBe('10%');
    expect(await value('5 years plan rate')).toBe('15%');
    expect(await value('Total rewards')).toBe('≈24,444,444.55555556 HEC');
    expect(await exact('Total rewards')).toBe('24,444,444.555555555555555553');
    // The four plans, in term order, then the total.
    const labels = within(section)
      .getAllByText(/plan rewards|Total rewards/)
      .map((e) => e.textContent);
    expect(labels).toEqual([
      '1 year plan rewards',
      '2 years plan rewards',
      '3 years plan rewards',
      '5 years plan rewards',
      'Total rewards',
    ]);
  });
});
