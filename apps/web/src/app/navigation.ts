import type { RoleName } from '@app/shared';
import type { MessageKey } from '@/i18n/ja';
import { hasRole } from '@/lib/roles';
import { APP_ROUTES } from './routes';

/** One side-menu group: a heading and the paths it lists, in order. */
type NavGroup = { id: string; title: MessageKey; paths: string[] };

/** One visible menu entry. */
type NavEntry = { path: string; title: MessageKey };

/** The side menu in the spec's groups, plus the areas the menu labels imply. */
const NAV_GROUPS: NavGroup[] = [
  {
    id: 'common',
    title: 'nav.groups.common',
    paths: [
      '/common/dashboard',
      '/common/users',
      '/common/referral',
      '/common/transactions',
      '/common/reward_snapshot',
      '/common/asset_statistic',
      '/common/notification',
      '/common/send_mail',
      '/common/support',
      '/common/download_csv',
    ],
  },
  {
    id: 'coinSaving',
    title: 'nav.groups.coinSaving',
    paths: [
      '/aubecoin_saving/remittance_history',
      '/aubecoin_saving/addresses',
      '/aubecoin_saving/withdrawals',
    ],
  },
  {
    id: 'referralPlan',
    title: 'nav.groups.referralPlan',
    paths: ['/referral_plan/aggregation', '/referral_plan/track_records'],
  },
  {
    id: 'withdrawals',
    title: 'nav.groups.withdrawals',
    paths: [
      '/withdrawals/saving_coin',
      '/withdrawals/referral_rewards',
      '/withdrawals/atem',
      '/withdrawals/bonus_rewards',
      '/withdrawals/principal',
      '/withdrawals/proportional_bonus',
      '/withdrawals/affiliate_bonus',
    ],
  },
  { id: 'admin', title: 'nav.groups.admin', paths: ['/admin_user'] },
];

/**
 * The spec's template demo pages: reachable by their routes, listed in the menu only in
 * development (issue 35: an operator's menu holds the console's own screens).
 */
const TEMPLATES_GROUP: NavGroup = {
  id: 'templates',
  title: 'nav.groups.templates',
  paths: ['/chat', '/empty', '/forms', '/general', '/pickers', '/widgets'],
};

type Admin = { roles: ReadonlyArray<{ name: string }> } | null | undefined;

/**
 * The menu an admin sees: entries whose route needs a role the admin lacks are hidden, and
 * so is a group left empty. While the admin is unknown, restricted entries stay hidden.
 */
export function visibleNav(
  admin: Admin,
  { templates = import.meta.env.DEV }: { templates?: boolean } = {},
): Array<{ id: string; title: MessageKey; entries: NavEntry[] }> {
  const byPath = new Map(APP_ROUTES.map((route) => [route.path, route]));
  return [...NAV_GROUPS, ...(templates ? [TEMPLATES_GROUP] : [])]
    .map((group) => ({
      id: group.id,
      title: group.title,
      entries: group.paths
        .map((path) => byPath.get(path))
        .filter((route) => route !== undefined)
        .filter((route) => !route.role || hasRole(admin, route.role as RoleName))
        .map((route) => ({ path: route.path, title: route.title })),
    }))
    .filter((group) => group.entries.length > 0);
}
