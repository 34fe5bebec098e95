import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { resetFeedback } from '@/lib/feedback';
import { adminWithRoles, renderRoutes } from '@/test/render';
import { createRoutes } from './router';

// Role queries over the whole shell are slow in jsdom, more so on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = vi.fn<typeof fetch>();

function respond(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** Answers the adminUser query with an admin holding `roles`. */
function signedInAs(...roles: string[]) {
  localStorage.setItem('accessToken', 'token-1');
  fetchMock.mockImplementation(async () =>
    respond({ data: { adminUser: adminWithRoles(...roles) } }),
  );
}

beforeEach(async () => {
  resetFeedback();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the app shell with the real route table', () => {
  it('sends a signed-out visitor of a protected route to /login', async () => {
    const { router } = renderRoutes(createRoutes(), '/common/support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('renders a user history page with its translated title and breadcrumbs', async () => {
    signedInAs('read');
    renderRoutes(createRoutes(), '/common/users/12/reward_snapshot');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reward snapshot of user 12' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home/Common/Users/User #12',
    );
  });

  it('shows the 403 page on /admin_user to a non-super admin, and the page to a super admin', async () => {
    signedInAs('write');
    const first = renderRoutes(createRoutes(), '/admin_user');
    expect(
      await screen.findByRole('heading', { name: 'Sorry, access denied.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    first.unmount();
    signedInAs('super_admin');
    renderRoutes(createRoutes(), '/admin_user');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin user' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Sorry, access denied.')).not.toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    signedInAs('read');
    renderRoutes(createRoutes(), '/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Sorry, page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
  });

  it('turns a failing query into a red toast with the server message', async () => {
    localStorage.setItem('accessToken', 'token-1');
    fetchMock.mockImplementation(async () =>
      respond({ data: null, errors: [{ message: 'Database unavailable' }] }),
    );
    renderRoutes(createRoutes(), '/common/dashboard');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error: Database unavailable');
  });

  it('opens the auth dialog when a query answers Authorization error [no auth]', async () => {
    localStorage.setItem('accessToken', 'bogus');
    fetchMock.mockImplementation(async () =>
      respond({ data: null, errors: [{ message: 'Authorization error [no auth]' }] }),
    );
    const { router } = renderRoutes(createRoutes(), '/common/dashboard');
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('logs out from the profile menu', async () => {
    signedInAs('read');
    const { router } = renderRoutes(createRoutes(), '/common/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
