import type { TFunction } from 'i18next';
import { matchPath } from 'react-router';
import type { Crumb } from '@/components/page-header';
import type { MessageKey } from '@/i18n/ja';
import { APP_ROUTES, type AppRoute } from './routes';

// Path segments that group pages but are no page themselves.
const GROUP_SEGMENTS: Record<string, MessageKey> = {
  common: 'nav.groups.common',
  aubecoin_saving: 'nav.groups.coinSaving',
  referral_plan: 'nav.groups.referralPlan',
  withdrawals: 'nav.groups.withdrawals',
};

/** The route of the table that matches `pathname` exactly, with its params. */
export function findRoute(
  pathname: string,
): { route: AppRoute; params: Record<string, string> } | null {
  for (const route of APP_ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match)
      return {
        route,
        params: Object.fromEntries(Object.entries(match.params).map(([k, v]) => [k, v ?? ''])),
      };
  }
  return null;
}

/** The translated title of the page at `pathname`, or null when no route matches. */
export function pageTitle(pathname: string, t: TFunction): string | null {
  const found = findRoute(pathname);
  return found ? t(found.route.title, found.params) : null;
}

/**
 * Breadcrumbs derived from the path (spec section 2): Home, then one step per path prefix
 * that is a page (a link) or a group (plain text). The last step is the current page.
 */
export function buildBreadcrumbs(pathname: string, t: TFunction): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: t('nav.home'), to: '/common/dashboard' }];
  for (let i = 0; i < segments.length; i++) {
    const prefix = `/${segments.slice(0, i + 1).join('/')}`;
    const found = findRoute(prefix);
    if (found) {
      if (found.route.path === '/common/dashboard') continue; // Home already points there.
      crumbs.push({ label: t(found.route.crumb ?? found.route.title, found.params), to: prefix });
      continue;
    }
    const group = GROUP_SEGMENTS[segments[i] ?? ''];
    if (group) crumbs.push({ label: t(group) });
  }
  if (pathname.replace(/\/+$/, '') === '/common/dashboard') {
    crumbs.push({ label: t('nav.dashboard') });
  }
  return crumbs;
}
