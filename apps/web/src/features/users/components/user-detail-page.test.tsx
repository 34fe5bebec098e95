import { screen } from '@testing-library/react';
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
});
