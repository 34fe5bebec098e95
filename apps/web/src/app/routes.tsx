import type { ComponentType } from 'react';
import type { RoleName } from '@app/shared';
import type { MessageKey } from '@/i18n/ja';

/** A lazily loaded page: each route is its own code chunk, so the first load stays small. */
type LazyPage = () => Promise<{ Component: ComponentType }>;

/** One signed-in page: its path, its title (interpolated with the path params) and its guard. */
export type AppRoute = {
  path: string;
  title: MessageKey;
  /** Breadcrumb label when shorter than the title. */
  crumb?: MessageKey;
  /** Only admins with this role may open the page; others get the 403 page. */
  role?: RoleName;
  load: LazyPage;
};

/**
 * Every signed-in route of spec section 2, one line per route. Paths for the areas the spec
 * only implies (referral plan, withdrawals) are documented in docs/routes.md.
 */
// prettier-ignore
export const APP_ROUTES: AppRoute[] = [
  { path: '/common/dashboard', title: 'nav.dashboard', load: () => import('@/features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
  { path: '/common/users', title: 'nav.users', load: () => import('@/features/users/components/users-page').then((m) => ({ Component: m.UsersPage })) },
  { path: '/common/users/:id', title: 'pages.userDetail', crumb: 'pages.userCrumb', load: () => import('@/features/users/components/user-detail-page').then((m) => ({ Component: m.UserDetailPage })) },
  { path: '/common/users/:id/hec_remittance_history', title: 'pages.userRemittanceHistory', crumb: 'pages.remittanceHistoryCrumb', load: () => import('@/features/users/components/user-remittance-history-page').then((m) => ({ Component: m.UserRemittanceHistoryPage })) },
  { path: '/common/users/:id/payment_history', title: 'pages.userPaymentHistory', crumb: 'pages.paymentHistoryCrumb', load: () => import('@/features/users/components/user-payment-history-page').then((m) => ({ Component: m.UserPaymentHistoryPage })) },
  { path: '/common/users/:id/reward_snapshot', title: 'pages.userRewardSnapshot', crumb: 'pages.rewardSnapshotCrumb', load: () => import('@/features/users/components/user-reward-snapshot-page').then((m) => ({ Component: m.UserRewardSnapshotPage })) },
  { path: '/common/users/:id/withdrawal_history', title: 'pages.userWithdrawalHistory', crumb: 'pages.withdrawalHistoryCrumb', load: () => import('@/features/users/components/user-withdrawal-history-page').then((m) => ({ Component: m.UserWithdrawalHistoryPage })) },
  { path: '/common/referral', title: 'nav.referral', load: () => import('@/features/referral/components/referral-page').then((m) => ({ Component: m.ReferralPage })) },
  { path: '/common/transactions', title: 'nav.transactions', load: () => import('@/features/transactions/components/transactions-page').then((m) => ({ Component: m.TransactionsPage })) },
  { path: '/common/reward_snapshot', title: 'nav.rewardSnapshot', load: () => import('@/features/users/components/reward-snapshot-page').then((m) => ({ Component: m.RewardSnapshotPage })) },
  { path: '/common/asset_statistic', title: 'nav.assetStatistic', load: () => import('@/features/statistics/components/asset-statistic-page').then((m) => ({ Component: m.AssetStatisticPage })) },
  { path: '/common/notification', title: 'nav.notification', load: () => import('@/features/mail/components/notification-page').then((m) => ({ Component: m.NotificationPage })) },
  { path: '/common/send_mail', title: 'nav.sendMail', load: () => import('@/features/mail/components/send-mail-page').then((m) => ({ Component: m.SendMailPage })) },
  { path: '/common/support', title: 'nav.support', load: () => import('@/features/support/components/support-page').then((m) => ({ Component: m.SupportPage })) },
  { path: '/common/download_csv', title: 'nav.downloadCsv', load: () => import('@/features/download-csv/components/download-csv-page').then((m) => ({ Component: m.DownloadCsvPage })) },
  { path: '/aubecoin_saving/remittance_history', title: 'nav.remittanceHistory', load: () => import('@/features/coin-saving/components/remittance-history-page').then((m) => ({ Component: m.RemittanceHistoryPage })) },
  { path: '/aubecoin_saving/addresses', title: 'nav.addresses', load: () => import('@/features/coin-saving/components/addresses-page').then((m) => ({ Component: m.AddressesPage })) },
  { path: '/aubecoin_saving/withdrawals', title: 'nav.withdrawals', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.SavingWithdrawalsPage })) },
  { path: '/referral_plan/aggregation', title: 'nav.aggregation', load: () => import('@/features/referral-plan/components/aggregation-page').then((m) => ({ Component: m.AggregationPage })) },
  { path: '/referral_plan/track_records', title: 'nav.trackRecords', load: () => import('@/features/referral-plan/components/track-records-page').then((m) => ({ Component: m.TrackRecordsPage })) },
  { path: '/withdrawals/saving_coin', title: 'nav.withdrawalSavingCoin', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.SavingCoinWithdrawalsPage })) },
  { path: '/withdrawals/referral_rewards', title: 'nav.withdrawalReferralRewards', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.ReferralRewardWithdrawalsPage })) },
  { path: '/withdrawals/atem', title: 'nav.withdrawalAtem', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.AtemWithdrawalsPage })) },
  { path: '/withdrawals/bonus_rewards', title: 'nav.withdrawalBonusRewards', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.BonusRewardWithdrawalsPage })) },
  { path: '/withdrawals/principal', title: 'nav.withdrawalPrincipal', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.PrincipalWithdrawalsPage })) },
  { path: '/withdrawals/proportional_bonus', title: 'nav.withdrawalProportionalBonus', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.ProportionalBonusWithdrawalsPage })) },
  { path: '/withdrawals/affiliate_bonus', title: 'nav.withdrawalAffiliateBonus', load: () => import('@/features/withdrawals/components/withdrawal-screens').then((m) => ({ Component: m.AffiliateBonusWithdrawalsPage })) },
  { path: '/admin_user', title: 'nav.adminUser', role: 'super_admin', load: () => import('@/features/admin-users/components/admin-users-page').then((m) => ({ Component: m.AdminUsersPage })) },
  { path: '/profile', title: 'nav.profile', load: () => import('@/features/profile/components/profile-page').then((m) => ({ Component: m.ProfilePage })) },
  { path: '/chat', title: 'nav.chat', load: () => import('@/features/demo/components/chat-page').then((m) => ({ Component: m.ChatPage })) },
  { path: '/empty', title: 'nav.empty', load: () => import('@/features/demo/components/empty-page').then((m) => ({ Component: m.EmptyPage })) },
  { path: '/forms', title: 'nav.forms', load: () => import('@/features/demo/components/forms-page').then((m) => ({ Component: m.FormsPage })) },
  { path: '/general', title: 'nav.general', load: () => import('@/features/demo/components/general-page').then((m) => ({ Component: m.GeneralPage })) },
  { path: '/pickers', title: 'nav.pickers', load: () => import('@/features/demo/components/pickers-page').then((m) => ({ Component: m.PickersPage })) },
  { path: '/widgets', title: 'nav.widgets', load: () => import('@/features/demo/components/widgets-page').then((m) => ({ Component: m.WidgetsPage })) },
];
