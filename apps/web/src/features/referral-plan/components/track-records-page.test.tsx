import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { TrackRecordsPage } from './track-records-page';

/**
 * A screen declared as a list descriptor (ListScreen): the URL's view becomes the list
 * query's variables, and the export link is asked for with exactly the same filters and sort.
 */
const fetchMock = vi.fn<typeof fetch>();
type Body = { query: string; variables: Record<string, unknown> };

const ROW = {
  userId: 7,
  userName: 'bob07',
  email: 'bob@example.com',
  forceClubId: 'fc7',
  totalRemittedHec: '12.5',
  totalHecPrincipal: '10',
  totalReferralRewards: '1',
  totalBonusRewards: '0',
  numberOfChildren: 3,
  parentUserName: 'alice01',
};

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const { query } = JSON.parse(String(init?.body)) as Body;
    const data = query.includes('affiliateTrackRecords(')
      ? { affiliateTrackRecords: { list: [ROW], pagination: { totalRecords: 1 } } }
      : // The link is refused: the test is about what is asked, not the file.
        { referralRewardsCsv: { url: '/downloads/t.csv?link=x', fileName: 't.csv' } };
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const render = (url: string) =>
  renderRoutes(
    [
      { path: '/referral_plan/track_records', element: <TrackRecordsPage /> },
      { path: '/common/users/:id', element: <p>user page</p> },
    ],
    url,
  );

function sent(field: string): Record<string, unknown> | undefined {
  const call = fetchMock.mock.calls
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as Body) : null))
    .find((body) => body?.query.includes(`${field}(`));
  return call?.variables;
}

describe('TrackRecordsPage (a list descriptor)', () => {
  it('sends the URL’s filters and sort to the list and, unchanged, to its export', async () => {
    render(
      '/referral_plan/track_records?userName=bob&forceClubId=fc7&sort=numberOfChildren&order=desc&page=2',
    );
    expect(await screen.findByText('bob07')).toBeInTheDocument();
    const sort = { target: 'numberOfChildren', orderBy: 'DESC' };
    expect(sent('affiliateTrackRecords')).toEqual({
      input: {
        searchParams: { userName: 'bob', forceClubId: 'fc7' },
        pagination: { limit: 20, offset: 20, sort },
      },
    });
    // The filter form shows the URL's values.
    expect(screen.getByRole('textbox', { name: 'User name' })).toHaveValue('bob');
    await userEvent.click(screen.getByTestId('export-button'));
    await waitFor(() => expect(sent('referralRewardsCsv')).toBeDefined());
    expect(sent('referralRewardsCsv')).toEqual({ userName: 'bob', forceClubId: 'fc7', sort });
  });

  it('opens a row’s user', async () => {
    const { router } = render('/referral_plan/track_records');
    await userEvent.click(
      await screen.findByRole('row', { name: 'Open the detail of user bob07' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/common/users/7'));
  });
});
