import { screen, within, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { UserRemittanceHistoryPage } from './user-remittance-history-page';

const fetchMock = vi.fn<typeof fetch>();

const SAVING_HISTORY = {
  remittances: [],
  totalSentHec: '1000.000000000000000003',
  totalOneYearPlanHec: '100.000000000000000001',
  totalTwoYearsPlanHec: '200.000000000000000001',
  totalThreeYearsPlanHec: '300.000000000000000001',
  totalFiveYearsPlanHec: '400.000000000000000000',
  pagination: { totalRecords: 0 },
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    const data = body.query.includes('userHecSavingRemittanceHistory(')
      ? { userHecSavingRemittanceHistory: SAVING_HISTORY }
      : body.query.includes('userAffiliateSavingRemittanceHistory(')
        ? {
            userAffiliateSavingRemittanceHistory: {
              remittances: [],
              totalSentHec: '0',
              totalHecPrincipal: '0',
              totalAtemPrincipal: '0',
              totalUsdValuation: '0',
              pagination: { totalRecords: 0 },
            },
          }
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

/** The value shown next to a label of the coin-saving totals. */
async function totalOf(label: string): Promise<string> {
  const section = await screen.findByRole('region', {
    name: /Coin saving remittances|コインセービングの送金/,
  });
  const term = await within(section).findByText(label);
  const value = term.nextElementSibling;
  return `${value?.textContent ?? ''} = ${value?.querySelector('[data-exact]')?.getAttribute('data-exact') ?? ''}`;
}

describe('UserRemittanceHistoryPage', () => {
  it.each([
    [
      'en',
      [
        '1 year plan total (HEC)',
        '2 years plan total (HEC)',
        '3 years plan total (HEC)',
        '5 years plan total (HEC)',
      ],
    ],
    [
      'ja',
      [
        '1年プラン合計（HEC）',
        '2年プラン合計（HEC）',
        '3年プラン合計（HEC）',
        '5年プラン合計（HEC）',
      ],
    ],
  ] as const)(
    'shows the coin-saving total broken into all four plans (%s)',
    async (language, labels) => {
      await i18n.changeLanguage(language);
      renderRoutes(
        [
          {
            path: '/common/users/:id/hec_remittance_history',
            element: <UserRemittanceHistoryPage />,
          },
        ],
        '/common/users/12/hec_remittance_history',
      );
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      const shown = await Promise.all(labels.map(totalOf));
      expect(shown).toEqual([
        // Shown compact and marked as rounded; the exact value kept for hover and copy.
        '≈100 HEC = 100.000000000000000001',
        '≈200 HEC = 200.000000000000000001',
        '≈300 HEC = 300.000000000000000001',
        '400 HEC = 400',
      ]);
    },
  );
});
