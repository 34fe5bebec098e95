import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { adminWithRoles, renderRoutes } from '@/test/render';
import { NotificationPage } from './notification-page';
import { enterDate, findDateField } from '@/test/date-field';

const fetchMock = vi.fn<typeof fetch>();
type Body = { query: string; variables: Record<string, unknown> };
const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Body);

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const { query, variables } = JSON.parse(String(init?.body)) as Body;
    let answer: unknown;
    if (query.includes('adminUser {')) answer = { data: { adminUser: adminWithRoles('write') } };
    else if (query.includes('notifications(')) {
      const offset = (variables.pagination as { offset: number }).offset;
      // 130 notifications: more than the 100 the screen used to stop at.
      answer = {
        data: {
          notifications: {
            list: Array.from({ length: 20 }, (_, i) => ({
              id: 130 - offset - i,
              title: `Notice ${130 - offset - i}`,
              content: 'Body',
              language: 'en',
              isPublic: true,
              notifiedAt: '2026-03-01T01:00:00.000Z',
            })),
            pagination: { totalRecords: 130 },
          },
        },
      };
    } else answer = { data: { postUpdateNotification: { message: 'Notification updated.' } } };
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const render = (path = '/common/notification') =>
  renderRoutes([{ path: '/common/notification', element: <NotificationPage /> }], path);

describe('NotificationPage', () => {
  it('pages the notifications instead of stopping at 100', async () => {
    const { router } = render();
    await screen.findByText('Notice 130');
    expect(screen.getByText('1–20 of 130')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Notice 110');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    const last = bodies()
      .filter((b) => b.query.includes('notifications('))
      .at(-1)!;
    expect(last.variables.pagination).toMatchObject({ limit: 20, offset: 20 });
  }, 60_000);

  it('shows notified-at as every list shows a time: short in the cell, whole on hover, zone named once', async () => {
    render();
    await screen.findByText('Notice 130');
    // 2026-03-01T01:00Z is 10:00 in Tokyo, the business zone.
    const cells = screen.getAllByText('2026/03/01 10:00');
    expect(cells).toHaveLength(20);
    expect(cells[0]).toHaveAttribute('title', '2026/03/01 10:00:00 JST');
    expect(screen.getByText('Times are shown in the Asia/Tokyo time zone')).toBeInTheDocument();
  }, 60_000);

  it('an edit keeps notified-at unless it is changed; a changed one is the business zone’s time', async () => {
    render();
    await screen.findByText('Notice 130');
    const row = screen.getByText('Notice 130').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    // Shown in the business zone (Asia/Tokyo): 01:00Z is 10:00 there.
    const input = await findDateField(/Notified at/);
    expect(input).toHaveValue('2026/03/01 10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies().some((b) => b.query.includes('postUpdateNotification('))).toBe(true),
    );
    const kept = bodies().find((b) => b.query.includes('postUpdateNotification('))!;
    expect(kept.variables).not.toHaveProperty('notifiedAt');

    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    await enterDate(/Notified at/, '2026-03-02T09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies().filter((b) => b.query.includes('postUpdateNotification('))).toHaveLength(2),
    );
    const moved = bodies()
      .filter((b) => b.query.includes('postUpdateNotification('))
      .at(-1)!;
    expect(moved.variables.notifiedAt).toBe('2026-03-02T00:30:00.000Z');
  }, 60_000);

  it('reports every missing field at once, beside each, in Japanese, and sends nothing', async () => {
    await i18n.changeLanguage('ja');
    render();
    await screen.findByText('Notice 130');
    await userEvent.click(screen.getByRole('button', { name: '新規作成' }));
    const form = await screen.findByRole('dialog');
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('textbox', { name: 'タイトル' })).toHaveAccessibleDescription(
      'タイトルを入力してください。',
    );
    expect(within(form).getByRole('textbox', { name: '本文' })).toHaveAccessibleDescription(
      '本文を入力してください。',
    );
    expect(within(form).getByText('言語を選択してください。')).toBeInTheDocument();
    expect(bodies().some((b) => b.query.includes('postCreateNotification('))).toBe(false);
  }, 60_000);
});
