import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHeader } from '@/components/page-header';
import { i18n } from '@/i18n';
import { buildBreadcrumbs, pageTitle } from './breadcrumbs';

// Role queries over the whole shell are slow in jsdom, more so on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('breadcrumbs derived from the path', () => {
  it('titles and crumbs a user history page in English', () => {
    expect(pageTitle('/common/users/12/payment_history', i18n.t)).toBe(
      'Payment history of user 12',
    );
    expect(buildBreadcrumbs('/common/users/12/payment_history', i18n.t)).toEqual([
      { label: 'Home', to: '/common/dashboard' },
      { label: 'Common' },
      { label: 'Users', to: '/common/users' },
      { label: 'User #12', to: '/common/users/12' },
      { label: 'Payment history', to: '/common/users/12/payment_history' },
    ]);
    expect(pageTitle('/common/users/12/withdrawal_history', i18n.t)).toBe(
      'Withdrawal history of user 12',
    );
    expect(buildBreadcrumbs('/common/users/12/withdrawal_history', i18n.t).at(-1)).toEqual({
      label: 'Withdrawal history',
      to: '/common/users/12/withdrawal_history',
    });
  });

  it('translates user detail and history titles into Japanese', async () => {
    await i18n.changeLanguage('ja');
    expect(pageTitle('/common/users/7', i18n.t)).toBe('ユーザー詳細（ID: 7）');
    expect(pageTitle('/common/users/7/hec_remittance_history', i18n.t)).toBe(
      'ユーザー 7 の送金履歴',
    );
    expect(pageTitle('/common/users/7/reward_snapshot', i18n.t)).toBe(
      'ユーザー 7 の報酬スナップショット',
    );
    expect(pageTitle('/common/users/7/withdrawal_history', i18n.t)).toBe('ユーザー 7 の出金履歴');
    expect(buildBreadcrumbs('/aubecoin_saving/addresses', i18n.t).map((c) => c.label)).toEqual([
      'ホーム',
      'コインセービング',
      'アドレス',
    ]);
  });

  it('gives the dashboard Home › Common › Dashboard and unknown paths no title', () => {
    expect(buildBreadcrumbs('/common/dashboard', i18n.t).map((c) => c.label)).toEqual([
      'Home',
      'Common',
      'Dashboard',
    ]);
    expect(pageTitle('/nope', i18n.t)).toBeNull();
  });

  it('renders links for the steps before the current page, which is marked as current', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Payment history of user 12"
          crumbs={buildBreadcrumbs('/common/users/12/payment_history', i18n.t)}
          breadcrumbLabel="Breadcrumb"
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payment history of user 12' }),
    ).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toHaveTextContent('Home/Common/Users/User #12/Payment history');
    expect(screen.getByRole('link', { name: 'User #12' })).toHaveAttribute(
      'href',
      '/common/users/12',
    );
    expect(screen.queryByRole('link', { name: 'Common' })).not.toBeInTheDocument();
    expect(screen.getByText('Payment history')).toHaveAttribute('aria-current', 'page');
  });
});
