import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { getFeedback, resetFeedback, setAuthExpired } from '@/lib/feedback';
import { failed, GraphQLRequestError } from '@/lib/graphql-client';
import { renderRoutes } from '@/test/render';
import { AuthExpiredDialog } from './auth-expired-dialog';

// Role queries over the whole shell are slow in jsdom, more so on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetFeedback();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderWithDialog() {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <AuthExpiredDialog />
          </>
        ),
        children: [
          { path: '/common/dashboard', element: <p>dashboard</p> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
    ],
    '/common/dashboard',
  );
}

describe('authorization-expired dialog', () => {
  it('blocks the page with the spec text in English; OK signs out and goes to /login', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('accessToken', 'expired-token');
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ data: null, errors: [{ message: 'Authorization error [no auth]' }] }),
        {
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    renderWithDialog();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => setAuthExpired(true));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Authorization expired. Please sign in again.');
    // Escape does not close it: it is blocking.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText('login page');
    expect(localStorage.getItem('accessToken')).toBeNull();
    // The sign-out call was made (with the old token) and its auth error did not reopen the dialog.
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as { query: string };
    expect(body.query).toContain('postSignOut');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(getFeedback().authExpired).toBe(false);
    // A call still under way when OK was pressed (a refetch on focus) ends on the ended
    // session too: it does not put the dialog back over the sign-in page (issue 35).
    act(() => {
      failed(new GraphQLRequestError([{ message: 'Authorization error [no auth]' }]));
    });
    expect(getFeedback().authExpired).toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the Japanese text', async () => {
    await i18n.changeLanguage('ja');
    renderWithDialog();
    act(() => setAuthExpired(true));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '認証の有効期限が切れました。もう一度サインインしてください。',
    );
  });
});
