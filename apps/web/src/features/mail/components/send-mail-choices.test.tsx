import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { adminWithRoles, renderRoutes } from '@/test/render';
import { SendMailPage } from './send-mail-page';

// Issue 26: the send screen's notification chooser reaches every notification, not only the
// newest 100: it pages through them on the server, 100 at a time.

const fetchMock = vi.fn<typeof fetch>();
type Body = { query: string; variables: Record<string, unknown> };
const TOTAL = 250;

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const { query, variables } = JSON.parse(String(init?.body)) as Body;
    let data: unknown = {};
    if (query.includes('adminUser {')) data = { adminUser: adminWithRoles('write') };
    else if (query.includes('notifications(')) {
      const { limit, offset } = variables.pagination as { limit: number; offset: number };
      const ids = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) =>
        String(offset + i + 1),
      );
      data = {
        notifications: {
          list: ids.map((n) => ({
            id: Number(n),
            title: `Notice ${n}`,
            content: 'x',
            language: 'en',
            isPublic: true,
            notifiedAt: '2026-11-01T00:00:00.000Z',
          })),
          pagination: { limit, offset, totalRecords: TOTAL },
        },
      };
    } else if (query.includes('mailSends(')) {
      data = { mailSends: { list: [], pagination: { limit: 20, offset: 0, totalRecords: 0 } } };
    }
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const notificationOffsets = () =>
  fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String(init?.body)) as Body)
    .filter((b) => b.query.includes('notifications('))
    .map((b) => (b.variables.pagination as { offset: number }).offset);

async function optionsShown(): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Notification' }));
  const options = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return options;
}

describe('the notification chooser', () => {
  it('pages through every notification, not only the newest 100', async () => {
    renderRoutes([{ path: '/common/send_mail', element: <SendMailPage /> }], '/common/send_mail');
    const pages = await screen.findByTestId('notification-pages');
    expect(within(pages).getByText('1–100 of 250')).toBeTruthy();
    expect(await optionsShown()).toHaveLength(100);
    const newer = within(pages).getByRole('button', { name: 'Newer notifications' });
    expect((newer as HTMLButtonElement).disabled).toBe(true);

    const older = within(pages).getByRole('button', { name: 'Older notifications' });
    fireEvent.click(older);
    await waitFor(() => expect(within(pages).getByText('101–200 of 250')).toBeTruthy());
    fireEvent.click(older);
    await waitFor(() => expect(within(pages).getByText('201–250 of 250')).toBeTruthy());
    expect((older as HTMLButtonElement).disabled).toBe(true);
    const last = await optionsShown();
    expect(last).toHaveLength(50);
    expect(last.at(-1)).toBe('Notice 250 (English)');
    expect(notificationOffsets()).toEqual(expect.arrayContaining([0, 100, 200]));
  }, 40_000);
});
