import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { jsonResponse } from '@/test/json-response';
import { renderAt } from '@/test/render';
import { RoleGrantsPanel } from './role-grants-panel';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GRANTS = {
  data: {
    adminRoleGrants: [
      {
        id: '5',
        adminUserId: 3,
        adminUserName: 'reader01',
        role: 'write',
        proposedByAdminUserId: 1,
        proposedByAdminUserName: 'super01',
        proposedAt: '2026-01-31T00:00:00.000Z',
      },
    ],
    superAdminCount: 2,
  },
};

/** Answers each call by its operation: the grants, and the signed-in admin `me`. */
function serve(me: number) {
  fetchMock.mockImplementation(async (_url, init) => {
    const body = String(init?.body ?? '');
    if (body.includes('CurrentAdmin'))
      return jsonResponse({
        data: { adminUser: { id: me, userName: `admin${me}`, email: 'a@example.com', roles: [] } },
      });
    return jsonResponse(GRANTS);
  });
}

describe('RoleGrantsPanel', () => {
  it('offers its proposer only to withdraw a pending grant', async () => {
    serve(1);
    renderAt(<RoleGrantsPanel />, '/admin_user');
    expect(await screen.findByRole('button', { name: 'Withdraw reader01 write' })).toBeVisible();
    // The signed-in admin is known once its query answers; the confirm button is not offered.
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Confirm reader01 write' })).toBeNull(),
    );
  });

  it('offers another super admin to confirm it', async () => {
    serve(2);
    renderAt(<RoleGrantsPanel />, '/admin_user');
    expect(await screen.findByRole('button', { name: 'Confirm reader01 write' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Withdraw reader01 write' })).toBeVisible();
  });
});
