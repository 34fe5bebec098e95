import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { jsonResponse } from '@/test/json-response';
import { renderAt } from '@/test/render';
import { SessionsCard } from './sessions-card';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const SESSIONS = {
  data: {
    adminSessions: [
      {
        id: '7',
        createdAt: '2026-01-31T00:00:00.000Z',
        lastUsedAt: '2026-01-31T01:00:00.000Z',
        expiresAt: '2026-02-01T00:00:00.000Z',
        ip: '203.0.113.5',
        userAgent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        current: true,
      },
      {
        id: '3',
        createdAt: '2026-01-30T00:00:00.000Z',
        lastUsedAt: '2026-01-30T02:00:00.000Z',
        expiresAt: '2026-01-31T00:00:00.000Z',
        ip: '198.51.100.9',
        userAgent: null,
        current: false,
      },
    ],
  },
};

describe('SessionsCard', () => {
  it("lists the admin's sessions and marks this one", async () => {
    fetchMock.mockResolvedValue(jsonResponse(SESSIONS));
    renderAt(<SessionsCard />, '/profile', ['/login']);
    expect(await screen.findByText('203.0.113.5')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.9')).toBeInTheDocument();
    expect(screen.getAllByText('This session')).toHaveLength(1);
    // The browser each signed in with, the whole User-Agent on hover; none for older sessions.
    const browser = screen.getByText('Chrome 131 on Windows');
    expect(browser).toHaveAttribute('title', expect.stringContaining('Chrome/131.0.0.0'));
    expect(screen.getByText('Not recorded')).toBeInTheDocument();
  });

  it('signs out everywhere after a confirmation, then forgets the token and opens /login', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(SESSIONS))
      .mockResolvedValueOnce(jsonResponse({ data: { postSignOutEverywhere: 2 } }));
    const browserConfirm = vi.spyOn(window, 'confirm');
    renderAt(<SessionsCard />, '/profile', ['/login']);
    await screen.findByText('203.0.113.5');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    // The app's own dialog asks, in the admin's language; nothing is sent before it is confirmed.
    expect(await screen.findByTestId('sign-out-everywhere-text')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('sign-out-everywhere-confirm'));
    await waitFor(() => expect(screen.getByTestId('route:/login')).toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).toBeNull();
    const body = JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body)) as { query: string };
    expect(body.query).toContain('postSignOutEverywhere');
    expect(browserConfirm).not.toHaveBeenCalled();
  });
});
