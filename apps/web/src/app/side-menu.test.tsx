import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { currentAdminQueryKey } from '@/lib/session/use-current-admin';
import { adminWithRoles, renderRoutes } from '@/test/render';
import { createQueryClient } from './providers';
import { SideMenu } from './side-menu';
import { visibleNav } from './navigation';
import { APP_ROUTES } from './routes';
import { en } from '@/i18n/en';
import { ja } from '@/i18n/ja';

// Role queries over the whole shell are slow in jsdom, more so on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

function renderMenu(roles: string[] | null) {
  const queryClient = createQueryClient();
  if (roles) queryClient.setQueryData(currentAdminQueryKey, adminWithRoles(...roles));
  return renderRoutes([{ path: '*', element: <SideMenu /> }], '/common/users/12', queryClient);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('side menu by role', () => {
  it('shows the spec groups and, to a super admin, the admin user entry', () => {
    renderMenu(['super_admin']);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const group of [
      'Common',
      'Coin saving',
      'Referral plan',
      'Withdrawals',
      'Admin',
      'Templates',
    ]) {
      expect(within(nav).getByRole('list', { name: group })).toBeInTheDocument();
    }
    const common = within(nav).getByRole('list', { name: 'Common' });
    for (const label of ['Dashboard', 'Users', 'Notification', 'Support', 'Download CSV']) {
      expect(within(common).getByRole('link', { name: label })).toBeInTheDocument();
    }
    const saving = within(nav).getByRole('list', { name: 'Coin saving' });
    expect(
      within(saving)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Remittance history', 'Addresses', 'Coin saving deposit withdrawals']);
    expect(within(nav).getByRole('link', { name: 'Admin user' })).toHaveAttribute(
      'href',
      '/admin_user',
    );
  });

  it.each([['read'], ['write']])('hides super-admin entries from a %s admin', (role) => {
    renderMenu([role]);
    expect(screen.queryByRole('link', { name: 'Admin user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('hides restricted entries while the admin is not yet known', () => {
    renderMenu(null);
    expect(screen.queryByRole('link', { name: 'Admin user' })).not.toBeInTheDocument();
  });

  it('marks the section of the current page (a user detail page selects Users)', () => {
    renderMenu(['read']);
    expect(screen.getByRole('link', { name: 'Users' })).toHaveClass('Mui-selected');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveClass('Mui-selected');
  });

  it('lists the template demo pages in a templates group in development only (issue 35)', () => {
    const groups = (templates: boolean) =>
      visibleNav(adminWithRoles('super_admin'), { templates }).map((g) => g.id);
    expect(groups(true)).toContain('templates');
    expect(groups(false)).not.toContain('templates');
    // The routes stay: a link or a bookmark still opens them.
    expect(APP_ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(['/chat', '/pickers']));
  });

  it('names the eight withdrawal kinds so that no two read alike (issue 35), in both languages', () => {
    const keys = [
      'nav.withdrawals',
      'nav.withdrawalSavingCoin',
      'nav.withdrawalReferralRewards',
      'nav.withdrawalAtem',
      'nav.withdrawalBonusRewards',
      'nav.withdrawalPrincipal',
      'nav.withdrawalProportionalBonus',
      'nav.withdrawalAffiliateBonus',
    ] as const;
    for (const texts of [ja, en]) {
      const names = keys.map(
        (key) =>
          key
            .split('.')
            .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts) as string,
      );
      // Not the same letters reordered ("コインセービング" / "セービングコイン"), nor one name.
      const letters = names.map((n) => [...n.replace(/\s/g, '')].sort().join(''));
      expect(new Set(letters).size, names.join(' / ')).toBe(8);
    }
  });

  it('lists in the menu every route except detail pages and the profile page', () => {
    const inMenu = new Set(
      visibleNav(adminWithRoles('super_admin'), { templates: true }).flatMap((g) =>
        g.entries.map((e) => e.path),
      ),
    );
    const notInMenu = APP_ROUTES.map((r) => r.path).filter((p) => !inMenu.has(p));
    expect(notInMenu.sort()).toEqual(
      [
        '/common/users/:id',
        '/common/users/:id/hec_remittance_history',
        '/common/users/:id/payment_history',
        '/common/users/:id/reward_snapshot',
        '/common/users/:id/withdrawal_history',
        '/profile',
      ].sort(),
    );
  });
});
