import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { SupportPage } from './support-page';

const fetchMock = vi.fn<typeof fetch>();

/** The offset a call asks for. */
const offsetOf = (init: RequestInit | undefined) =>
  (JSON.parse(String(init?.body)) as { variables: { pagination?: { offset?: number } } }).variables
    .pagination?.offset ?? 0;

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) =>
    String(init?.body).includes('SupportChoices')
      ? new Response(
          JSON.stringify({
            data: {
              // The tabs are these, in this order: a status the web never heard of included.
              userContactStatuses: [
                { id: 1, name: 'backlog' },
                { id: 2, name: 'wip' },
                { id: 3, name: 'closed' },
                { id: 4, name: 'on_hold' },
              ],
              adminUserNames: [
                { id: 1, userName: 'carol' },
                { id: 2, userName: 'dave' },
              ],
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        )
      : new Response(
          JSON.stringify({
            data: {
              userContacts: {
                list: [
                  {
                    id: '12',
                    userName: 'alice01',
                    title: 'Where is my reward?',
                    status: 'backlog',
                    contactedAt: '2026-01-05T10:00:00.000Z',
                    statusChangedAt: '2026-01-05T10:00:00.000Z',
                    categories: [],
                    assignee: null,
                    files: [],
                  },
                ],
                // The page asked for (a page past the end would answer another offset).
                pagination: { limit: 20, offset: offsetOf(init), totalRecords: 41 },
                statusCounts: [
                  { status: 'backlog', count: 30 },
                  { status: 'wip', count: 10 },
                  { status: 'closed', count: 1 },
                  { status: 'on_hold', count: 2 },
                ],
              },
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The variables of the last userContacts call. */
function variables(): Record<string, unknown> {
  const calls = fetchMock.mock.calls.filter(([, init]) =>
    String(init?.body).includes('UserContacts('),
  );
  const init = calls.at(-1)?.[1];
  return (JSON.parse(String(init?.body)) as { variables: Record<string, unknown> }).variables;
}

const render = (path: string) =>
  renderRoutes([{ path: '/common/support', element: <SupportPage /> }], path);

describe('SupportPage', () => {
  it('shows each inquiry on a phone with its id, user and status (the title one tap away)', async () => {
    // A phone's width, as MUI's media query sees it (theme.breakpoints.down('sm')).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    render('/common/support');
    await screen.findByText('alice01');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual([
      expect.stringMatching(/^ID/),
      'User',
      expect.stringMatching(/^Status/),
    ]);
    expect(screen.queryByText('Where is my reward?')).toBeNull();
  });

  it('opens with the oldest open inquiry first (openFirst) and a clean URL', async () => {
    const { router } = render('/common/support');
    await screen.findByText('alice01');
    expect(variables()).toEqual({
      userName: null,
      assigneeUserName: null,
      datetimeFrom: null,
      datetimeUntil: null,
      unassigned: null,
      userContactStatus: null,
      pagination: { limit: 20, offset: 0, sort: { target: 'openFirst', orderBy: 'ASC' } },
    });
    expect(router.state.location.search).toBe('');
    // Sorted by the status column's header, like every other list (no "oldest first" box).
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it("pages in the wording of every other list (表示件数, 1–20 / 41 件), not MUI's own", async () => {
    await i18n.changeLanguage('ja');
    render('/common/support');
    await screen.findByText('alice01');
    expect(screen.getByText('表示件数')).toBeInTheDocument();
    expect(screen.getByText('1–20 / 41 件')).toBeInTheDocument();
    expect(screen.queryByText('ページあたりの行数:')).toBeNull();
    expect(screen.getByRole('button', { name: '次のページ' })).toBeEnabled();
  });

  it('shows the status tabs the server lists, in its order, with their counts', async () => {
    render('/common/support?status=on_hold');
    await screen.findByText('alice01');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All (43)',
      'Backlog (30)',
      'In progress (10)',
      'Closed (1)',
      'on_hold (2)',
    ]);
    expect(screen.getByRole('tab', { name: 'on_hold (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(variables()).toMatchObject({ userContactStatus: 'on_hold' });
  });

  it('reopens a shared link with its filters, status tab, sort and page', async () => {
    render(
      '/common/support?userName=ali&dateFrom=2026-01-01&dateUntil=2026-01-31&unassigned=1&status=wip&order=desc&sort=statusChangedAt&page=2&size=50',
    );
    await screen.findByText('alice01');
    expect(variables()).toEqual({
      userName: 'ali',
      assigneeUserName: null,
      // Days of the business zone (Asia/Tokyo): its midnights, as instants.
      datetimeFrom: '2025-12-31T15:00:00.000Z',
      datetimeUntil: '2026-01-31T14:59:59.999Z',
      unassigned: true,
      userContactStatus: 'wip',
      pagination: { limit: 50, offset: 50, sort: { target: 'statusChangedAt', orderBy: 'DESC' } },
    });
    // The form shows what the list is filtered by.
    expect(screen.getByLabelText('User name')).toHaveValue('ali');
    expect(screen.getByLabelText('Contacted from')).toHaveValue('2026/01/01');
    expect(screen.getByRole('combobox', { name: 'Unassigned only' })).toHaveTextContent('Yes');
    expect(screen.getByRole('tab', { name: 'In progress (10)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('columnheader', { name: 'In status' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('writes Search, the tab, the order and the page into the URL, and Back restores them', async () => {
    const { router } = render('/common/support');
    await screen.findByText('alice01');
    await userEvent.type(screen.getByLabelText('User name'), 'bob');
    // The assignee is picked from the admins, not typed free.
    // A narrow screen shows one field; the others open with More filters.
    await userEvent.click(screen.getByRole('button', { name: /More filters/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Assignee' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Any',
      'carol',
      'dave',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'carol' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?userName=bob&assigneeUserName=carol'),
    );
    await waitFor(() =>
      expect(variables()).toMatchObject({ userName: 'bob', assigneeUserName: 'carol' }),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Backlog (30)' }));
    await waitFor(() => expect(variables()).toMatchObject({ userContactStatus: 'backlog' }));
    // Sorted by the date header, newest first (its second click).
    const contacted = screen.getByRole('columnheader', { name: 'Contacted at' });
    await userEvent.click(within(contacted).getByRole('button'));
    await userEvent.click(within(contacted).getByRole('button'));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      userName: 'bob',
      assigneeUserName: 'carol',
      status: 'backlog',
      sort: 'contactedAt',
      order: 'desc',
      page: '2',
    });
    expect(variables()).toMatchObject({
      userContactStatus: 'backlog',
      pagination: { limit: 20, offset: 20, sort: { target: 'contactedAt', orderBy: 'DESC' } },
    });

    // Back to before the search: the form forgets the typed names again.
    await router.navigate(-5);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByLabelText('User name')).toHaveValue(''));
    expect(screen.queryByText('carol')).toBeNull();
  }, 40_000);
});
