/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AffiliateListInput = {
  pagination?: PaginationInput | null | undefined;
  searchParams?: AffiliateSearchParams | null | undefined;
};

/** userName and email match by prefix (case-insensitive); forceClubId exactly. */
export type AffiliateSearchParams = {
  email?: string | null | undefined;
  forceClubId?: string | null | undefined;
  userName?: string | null | undefined;
};

/** TODAY, LAST_7_DAYS and LAST_30_DAYS are business days (BUSINESS_TIME_ZONE) ending today, today included; CUSTOM takes dateFrom and dateUntil. */
export type DashboardPeriod =
  | 'CUSTOM'
  | 'LAST_7_DAYS'
  | 'LAST_30_DAYS'
  | 'TODAY';

/** limit (default 20), offset (default 0) and sort of a list call. */
export type PaginationInput = {
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  sort?: SortInput | null | undefined;
};

export type SavingListInput = {
  pagination?: PaginationInput | null | undefined;
  searchParams?: SavingSearchParams | null | undefined;
};

/** userName and email match from the start (case-insensitive). */
export type SavingSearchParams = {
  email?: string | null | undefined;
  userName?: string | null | undefined;
};

/** Which column a list is sorted by (spec section 3, "Pagination"). */
export type SortInput = {
  orderBy?: SortOrder | null | undefined;
  target: string;
};

export type SortOrder =
  | 'ASC'
  | 'DESC';

export type UserPaymentsInput = {
  assetFixedAtFrom?: string | null | undefined;
  assetFixedAtUntil?: string | null | undefined;
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil?: string | null | undefined;
  pagination?: PaginationInput | null | undefined;
  /** pending, confirmed, asset_fixed or canceled. */
  paymentStatus?: string | null | undefined;
  userId?: number | null | undefined;
  /** Exact user name (case-insensitive). */
  userName?: string | null | undefined;
};

/** What happened to one request of an approve/reject/fail call: approved, awaitingSecondApproval (first of two approvals), rejected, failed, or refused (unchanged, see reason). */
export type WithdrawalActionOutcome =
  | 'approved'
  | 'awaitingSecondApproval'
  | 'failed'
  | 'refused'
  | 'rejected';

/** A request and the revision the approving admin saw. */
export type WithdrawalApprovalInput = {
  id: string | number;
  revision: number;
};

/** The eight withdrawal kinds (docs/routes.md): saving (coin saving), affiliate_saving (saving coin), referral_reward, atem, bonus_reward, payment_paid_value (principal), proportional_bonus, affiliate_bonus. */
export type WithdrawalKind =
  | 'affiliate_bonus'
  | 'affiliate_saving'
  | 'atem'
  | 'bonus_reward'
  | 'payment_paid_value'
  | 'proportional_bonus'
  | 'referral_reward'
  | 'saving';

export type WithdrawalListInput = {
  pagination?: PaginationInput | null | undefined;
  searchParams?: WithdrawalSearchParams | null | undefined;
};

export type WithdrawalRefusalReason =
  | 'ALREADY_APPROVED_BY_YOU'
  | 'ILLEGAL_TRANSITION'
  | 'LIST_CHANGED'
  | 'NOT_A_SECOND_PERSON'
  | 'NOT_FOUND'
  | 'STALE_REVISION';

/** Why a withdrawal request was rejected (the text says more). */
export type WithdrawalRejectCode =
  | 'compliance'
  | 'duplicate_request'
  | 'insufficient_balance'
  | 'invalid_address'
  | 'other'
  | 'suspected_fraud'
  | 'user_request';

/** Filters of the withdrawal lists: status, user (id, exact name or email, any case), requested-at range, address or transaction hash (exact, any case), amount range, awaiting approval > 24 h. */
export type WithdrawalSearchParams = {
  address?: string | null | undefined;
  amountFrom?: string | null | undefined;
  amountTo?: string | null | undefined;
  awaitingOver24h?: boolean | null | undefined;
  email?: string | null | undefined;
  requestedAtFrom?: string | null | undefined;
  requestedAtUntil?: string | null | undefined;
  status?: WithdrawalStatus | null | undefined;
  transactionHash?: string | null | undefined;
  userId?: number | null | undefined;
  userName?: string | null | undefined;
};

export type WithdrawalSigningLayout =
  | 'v1'
  | 'v2';

/** requested -> approved -> processing -> completed | failed; requested | approved | processing -> rejected. */
export type WithdrawalStatus =
  | 'approved'
  | 'completed'
  | 'failed'
  | 'processing'
  | 'rejected'
  | 'requested';

/** requested (the request itself), or the audited operation that changed the request (the audit events that target a withdrawal request). */
export type WithdrawalTimelineOperation =
  | 'postApproveMatchingWithdrawalRequests'
  | 'postApproveWithdrawalRequests'
  | 'postFailWithdrawalRequests'
  | 'postRejectMatchingWithdrawalRequests'
  | 'postRejectWithdrawalRequests'
  | 'requested'
  | 'withdrawalApprovalVoidedByDeletion'
  | 'withdrawalApprovalVoidedByDemotion'
  | 'withdrawalExport'
  | 'withdrawalTransactionsUpload';

export type AddNewAdminUserMutationVariables = Exact<{
  userName: string;
  email: string;
  roles: Array<string> | string;
}>;


export type AddNewAdminUserMutation = { postAddNewAdminUser: { message: string, oneTimePassword: string, pendingGrants: Array<{ id: string, role: string }>, user: { id: number, userName: string, email: string } } };

export type AddRoleToUserMutationVariables = Exact<{
  userId: number;
  roles: Array<string> | string;
}>;


export type AddRoleToUserMutation = { postAddRoleToUser: { message: string, pendingGrants: Array<{ id: string, role: string }>, user: { id: number, roles: Array<{ name: string }> } } };

export type AdminUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminUsersQuery = { adminUsers: Array<{ id: number, userName: string, email: string, mustChangePassword: boolean, totpEnabled: boolean, roles: Array<{ name: string, description: string }> }> };

export type AuditLogsQueryVariables = Exact<{
  adminUserId?: number | null | undefined;
  operation?: string | null | undefined;
  targetType?: string | null | undefined;
  targetId?: string | null | undefined;
  dateFrom?: string | null | undefined;
  dateUntil?: string | null | undefined;
  refusals?: boolean | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type AuditLogsQuery = { auditLogs: { list: Array<{ id: string, occurredAt: string, adminUserId: number | null, adminUserName: string | null, operation: string, targetType: string | null, targetIds: Array<string>, summary: string, requestId: string | null, ip: string | null }>, pagination: { totalRecords: number } } };

export type DeleteAdminUserMutationVariables = Exact<{
  userId: number;
}>;


export type DeleteAdminUserMutation = { postDeleteAdminUser: { message: string, deletedUserId: number } };

export type DeleteRoleFromUserMutationVariables = Exact<{
  userId: number;
  roles: Array<string> | string;
}>;


export type DeleteRoleFromUserMutation = { postDeleteRoleFromUser: { message: string, user: { id: number, roles: Array<{ name: string }> } } };

export type AdminRoleGrantsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminRoleGrantsQuery = { superAdminCount: number, adminRoleGrants: Array<{ id: string, adminUserId: number, adminUserName: string, role: string, proposedByAdminUserId: number | null, proposedByAdminUserName: string, proposedAt: string }> };

export type ConfirmAdminRoleGrantMutationVariables = Exact<{
  id: string | number;
}>;


export type ConfirmAdminRoleGrantMutation = { postConfirmAdminRoleGrant: { message: string } };

export type CancelAdminRoleGrantMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelAdminRoleGrantMutation = { postCancelAdminRoleGrant: { message: string } };

export type RolesQueryVariables = Exact<{ [key: string]: never; }>;


export type RolesQuery = { roles: Array<{ name: string, description: string }> };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
  totpCode?: string | null | undefined;
}>;


export type SignInMutation = { postSignIn: { message: string, accessToken: string, user: { id: number, userName: string, email: string } } };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { postSignOut: boolean };

export type HecSavingAddressesQueryVariables = Exact<{
  input?: SavingListInput | null | undefined;
}>;


export type HecSavingAddressesQuery = { hecSavingAddresses: { list: Array<{ id: string, userId: number, username: string, email: string, oneYearPlanAddress: string | null, twoYearsPlanAddress: string | null, threeYearsPlanAddress: string | null, fiveYearsPlanAddress: string | null, generatedAt: string }>, pagination: { offset: number, totalRecords: number } } };

export type SavingPlanNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type SavingPlanNamesQuery = { hecSavingPlans: Array<{ id: number, name: string, termYears: number }> };

export type UserSavingsQueryVariables = Exact<{
  userName?: string | null | undefined;
  planName?: string | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type UserSavingsQuery = { userSavings: { list: Array<{ userSavingSentValueId: string, userName: string, planName: string, address: string, amountHEC: string, amountUSD: string, transactionHash: string, confirmedAt: string }>, pagination: { offset: number, totalRecords: number } } };

export type DashboardStatisticsQueryVariables = Exact<{
  period: DashboardPeriod;
  dateFrom?: string | null | undefined;
  dateUntil?: string | null | undefined;
}>;


export type DashboardStatisticsQuery = { dashboardStatistics: { dateFrom: string, dateUntil: string, previousDateFrom: string, previousDateUntil: string, revenueUsd: { current: string, previous: string, change: string, changePercent: string | null }, newUsers: { current: number, previous: number, change: number, changePercent: string | null }, totalUsers: { current: number, previous: number, change: number, changePercent: string | null }, cardStatuses: Array<{ cardStatus: number, users: number, newUsers: { current: number, previous: number, change: number, changePercent: string | null } }>, purchaseRanges: Array<{ index: number, min: string, max: string | null, users: number, newUsers: { current: number, previous: number, change: number, changePercent: string | null } }>, campaignEth: { current: string, previous: string, change: string, changePercent: string | null }, campaignHec: { current: string, previous: string, change: string, changePercent: string | null }, exBonusHec: { current: string, previous: string, change: string, changePercent: string | null }, days: Array<{ date: string, revenueUsd: string, newUsers: number }> } };

export type ExportFormatsQueryVariables = Exact<{ [key: string]: never; }>;


export type ExportFormatsQuery = { exportFormats: Array<{ name: string, columns: Array<{ header: string, meaning: string, type: string, unit: string | null, example: string }> }> };

export type ExportPreviewQueryVariables = Exact<{
  name: string;
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil?: string | null | undefined;
}>;


export type ExportPreviewQuery = { exportPreview: { columns: Array<{ header: string }>, rows: Array<{ cells: Array<string> }> } };

export type DeleteNotificationMutationVariables = Exact<{
  notificationId: number;
}>;


export type DeleteNotificationMutation = { postDeleteNotification: { message: string } };

export type MailPreviewQueryVariables = Exact<{
  notificationId: number;
  audience?: string | null | undefined;
  userIds?: Array<number> | number | null | undefined;
}>;


export type MailPreviewQuery = { mailPreview: { subject: string, body: string, language: string, recipientCount: number, fingerprint: string, namedUsers: Array<{ id: number, userName: string, email: string }> }, mailDelivery: { smtpConfigured: boolean, queued: number } };

export type MailSendStatusQueryVariables = Exact<{
  mailSendId: string | number;
  pagination?: PaginationInput | null | undefined;
}>;


export type MailSendStatusQuery = { mailSend: { id: string, audience: string, subject: string, recipientCount: number, createdAt: string, counts: { queued: number, sending: number, sent: number, failed: number } }, mailRecipients: { list: Array<{ id: string, toAddress: string, userName: string | null, status: string, attempts: number, smtpResponse: string | null, sentAt: string | null }>, pagination: { offset: number, totalRecords: number } } };

export type MailSendsQueryVariables = Exact<{
  notificationId?: number | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type MailSendsQuery = { mailSends: { list: Array<{ id: string, notificationId: number | null, subject: string, audience: string, language: string, recipientCount: number, createdAt: string, createdBy: string | null, counts: { queued: number, sending: number, sent: number, failed: number } }>, pagination: { offset: number, totalRecords: number } } };

export type MailUserSearchQueryVariables = Exact<{
  text: string;
}>;


export type MailUserSearchQuery = { byName: { list: Array<{ id: number, userName: string, aubeUserInfo: { email: string } }> }, byEmail: { list: Array<{ id: number, userName: string, aubeUserInfo: { email: string } }> } };

export type NotificationsQueryVariables = Exact<{
  pagination?: PaginationInput | null | undefined;
}>;


export type NotificationsQuery = { notifications: { list: Array<{ id: number, title: string, content: string, language: string, isPublic: boolean, notifiedAt: string }>, pagination: { offset: number, totalRecords: number } } };

export type CreateNotificationMutationVariables = Exact<{
  title?: string | null | undefined;
  content?: string | null | undefined;
  language?: string | null | undefined;
  isPublic?: boolean | null | undefined;
  notifiedAt?: string | null | undefined;
}>;


export type CreateNotificationMutation = { postCreateNotification: { message: string, notification: { id: number } } };

export type UpdateNotificationMutationVariables = Exact<{
  notificationId: number;
  title?: string | null | undefined;
  content?: string | null | undefined;
  language?: string | null | undefined;
  isPublic?: boolean | null | undefined;
  notifiedAt?: string | null | undefined;
}>;


export type UpdateNotificationMutation = { postUpdateNotification: { message: string } };

export type SendMailMutationVariables = Exact<{
  notificationId: number;
  audience?: string | null | undefined;
  userIds?: Array<number> | number | null | undefined;
  fingerprint: string;
}>;


export type SendMailMutation = { postSendMail: { message: string, mailSendId: string, recipientCount: number } };

export type SendTestMailMutationVariables = Exact<{
  notificationId: number;
}>;


export type SendTestMailMutation = { postSendTestMail: { message: string, mailSendId: string, toAddress: string | null } };

export type ConfirmTotpEnrollmentMutationVariables = Exact<{
  totpCode: string;
}>;


export type ConfirmTotpEnrollmentMutation = { postConfirmTotpEnrollment: { message: string, totpEnabled: boolean } };

export type DisableTotpMutationVariables = Exact<{
  password: string;
}>;


export type DisableTotpMutation = { postDisableTotp: { message: string, totpEnabled: boolean } };

export type MyProfileQueryVariables = Exact<{ [key: string]: never; }>;


export type MyProfileQuery = { adminUser: { id: number, userName: string, email: string, mustChangePassword: boolean, totpEnabled: boolean, totpRequired: boolean } };

export type MySessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type MySessionsQuery = { adminSessions: Array<{ id: string, createdAt: string, lastUsedAt: string, expiresAt: string, ip: string | null, userAgent: string | null, current: boolean }> };

export type SignOutEverywhereMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutEverywhereMutation = { postSignOutEverywhere: number };

export type StartTotpEnrollmentMutationVariables = Exact<{ [key: string]: never; }>;


export type StartTotpEnrollmentMutation = { postStartTotpEnrollment: { secret: string, otpauthUri: string, qrCodeDataUrl: string } };

export type UpdateAdminUserProfileMutationVariables = Exact<{
  email?: string | null | undefined;
  userName?: string | null | undefined;
  oldPassword?: string | null | undefined;
  newPassword?: string | null | undefined;
}>;


export type UpdateAdminUserProfileMutation = { postUpdateAdminUserProfile: { newEmail: string, newUserName: string, message: string } };

export type ReferralTreeQueryVariables = Exact<{
  userName?: string | null | undefined;
  userId?: number | null | undefined;
  childrenLimit?: number | null | undefined;
  childrenOffset?: number | null | undefined;
}>;


export type ReferralTreeQuery = { referralTree: { totalChildren: number, childrenLimit: number, childrenOffset: number, parent: { id: number, userName: string, registeredAt: string, childrenCount: number, descendantsCount: number } | null, user: { id: number, userName: string, registeredAt: string, childrenCount: number, descendantsCount: number }, children: Array<{ id: number, userName: string, registeredAt: string, childrenCount: number, descendantsCount: number }> } };

export type UserReferralRelationshipQueryVariables = Exact<{
  userId: number;
  childrenLimit?: number | null | undefined;
}>;


export type UserReferralRelationshipQuery = { userReferralRelationship: { totalChildren: number, numberOfDescendants: number, referralRewards: string, bonusRewards: string, user: { id: number, avatarUrl: string | null, userName: string, registeredAt: string, totalRemittedHec: string | null }, parentUser: { id: number, avatarUrl: string | null, userName: string, registeredAt: string } | null, childrenUsers: Array<{ id: number, avatarUrl: string | null, userName: string, registeredAt: string, totalRemittedHec: string | null, childrenCount: number }> } };

export type AffiliateSavingAggregatesQueryVariables = Exact<{
  input?: AffiliateListInput | null | undefined;
}>;


export type AffiliateSavingAggregatesQuery = { affiliateSavingAggregates: { list: Array<{ id: number, username: string, email: string, forceClubId: string | null, remittanceCount: number, totalSentHec: string, totalSentUsdValuation: string, totalHecPrincipal: string, totalAtemPrincipal: string }>, pagination: { offset: number, totalRecords: number } } };

export type AffiliateSavingRemittancesQueryVariables = Exact<{
  input?: SavingListInput | null | undefined;
}>;


export type AffiliateSavingRemittancesQuery = { affiliateSavingRemittances: { list: Array<{ id: string, username: string, email: string, forceClubId: string | null, confirmedAt: string, transactionHash: string, sentHec: string, usdValuation: string, hecPrincipal: string, atemPrincipal: string }>, pagination: { offset: number, totalRecords: number } } };

export type AffiliateTrackRecordsQueryVariables = Exact<{
  input?: AffiliateListInput | null | undefined;
}>;


export type AffiliateTrackRecordsQuery = { affiliateTrackRecords: { list: Array<{ userId: number, userName: string, email: string, forceClubId: string | null, totalRemittedHec: string, totalHecPrincipal: string, totalReferralRewards: string, totalBonusRewards: string, numberOfChildren: number, parentUserName: string | null }>, pagination: { offset: number, totalRecords: number } } };

export type AssetStatsCsvQueryVariables = Exact<{
  dateFrom: string;
  dateUntil: string;
}>;


export type AssetStatsCsvQuery = { assetStatsCsv: { url: string, fileName: string } };

export type AssetStatsQueryVariables = Exact<{
  dateFrom: string;
  dateUntil: string;
}>;


export type AssetStatsQuery = { assetStats: { dateFrom: string, dateUntil: string, stats: Array<{ date: string, initialETHAmount: string, initialHECAmount: string, ETHAffiliateReward: string, HECAffiliateReward: string, HECReferralBonus: string, ETHSavingReward: string, HECSavingReward: string, ETHProportionalReward: string, HECProportionalReward: string, totalBuyAmountUsd: string }>, sums: { initialETHAmount: string, initialHECAmount: string, ETHAffiliateReward: string, HECAffiliateReward: string, HECReferralBonus: string, ETHSavingReward: string, HECSavingReward: string, ETHProportionalReward: string, HECProportionalReward: string, totalBuyAmountUsd: string } } };

export type AddNoteToUserContactMutationVariables = Exact<{
  userContactId: string | number;
  body: string;
}>;


export type AddNoteToUserContactMutation = { postAddNoteToUserContact: { message: string } };

export type ReplyToUserContactMutationVariables = Exact<{
  userContactId: string | number;
  body: string;
}>;


export type ReplyToUserContactMutation = { postReplyToUserContact: { message: string } };

export type UserContactsQueryVariables = Exact<{
  userName?: string | null | undefined;
  assigneeUserName?: string | null | undefined;
  userContactStatus?: string | null | undefined;
  datetimeFrom?: string | null | undefined;
  datetimeUntil?: string | null | undefined;
  unassigned?: boolean | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type UserContactsQuery = { userContacts: { list: Array<{ id: string, userName: string, title: string, status: string, contactedAt: string, statusChangedAt: string, categories: Array<string>, assignee: { id: number, userName: string } | null, files: Array<{ id: string }> }>, pagination: { limit: number, offset: number, totalRecords: number }, statusCounts: Array<{ status: string, count: number }> } };

export type UserContactQueryVariables = Exact<{
  userContactId: string | number;
}>;


export type UserContactQuery = { userContact: { id: string, userName: string, title: string, content: string, status: string, contactedAt: string, statusChangedAt: string, categories: Array<string>, assignee: { id: number, userName: string } | null, files: Array<{ id: string, fileName: string, contentType: string, sizeBytes: number, downloadUrl: string }>, history: Array<{ id: string, changedAt: string, adminUserName: string | null, field: string, fromValue: string | null, toValue: string | null }>, messages: Array<{ id: string, kind: string, body: string, adminUserName: string | null, createdAt: string, delivery: { status: string, toAddress: string, sentAt: string | null, smtpResponse: string | null } | null }> } };

export type SupportChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type SupportChoicesQuery = { userContactStatuses: Array<{ id: number, name: string }>, adminUserNames: Array<{ id: number, userName: string }> };

export type AssignUserContactMutationVariables = Exact<{
  userContactId: string | number;
  assigneeUserId?: number | null | undefined;
}>;


export type AssignUserContactMutation = { postAssignAdminUserToUserContact: { message: string } };

export type UpdateUserContactStatusMutationVariables = Exact<{
  userContactId: string | number;
  status: string;
}>;


export type UpdateUserContactStatusMutation = { postUpdateUserContactStatus: { message: string } };

export type TransactionsCsvImportsQueryVariables = Exact<{
  kinds: Array<string> | string;
  pagination?: PaginationInput | null | undefined;
}>;


export type TransactionsCsvImportsQuery = { csvImports: { list: Array<{ id: string, kind: string, fileName: string, contentHash: string, rowCount: number, appliedCount: number, adminUserName: string | null, importedAt: string }>, pagination: { offset: number, totalRecords: number } } };

export type TransactionsPlansQueryVariables = Exact<{ [key: string]: never; }>;


export type TransactionsPlansQuery = { plans: Array<{ id: number, name: string, coinType: string, price: string }> };

export type TransactionsRatesSummaryQueryVariables = Exact<{
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil: string;
  deadlineDatetime: string;
  BTCHECRate?: string | null | undefined;
  BTCETHRate?: string | null | undefined;
}>;


export type TransactionsRatesSummaryQuery = { ratesAndBTCAmountAtDeadlineDate: { confirmedAtFrom: string | null, confirmedAtUntil: string, deadlineDatetime: string, BTCAmountToBuyETH: string, BTCAmountToBuyHEC: string, BTCHEC: string | null, BTCETH: string | null, paymentCounts: number, fingerprint: string, amountETH: string | null, amountHEC: string | null } };

export type TransactionsAssignRatesMutationVariables = Exact<{
  startAt?: string | null | undefined;
  endAt: string;
  deadline: string;
  BTCHECRate: string;
  BTCETHRate: string;
  fingerprint: string;
}>;


export type TransactionsAssignRatesMutation = { postAssignRates: { message: string, countPayments: number, amountETH: string, amountHEC: string } };

export type TransactionsAddPaymentMutationVariables = Exact<{
  userId: number;
  planId: number;
  paidUsd: number;
  assetETH: string;
  assetHEC: string;
  confirmedAt?: string | null | undefined;
  clientKey?: string | null | undefined;
}>;


export type TransactionsAddPaymentMutation = { postAddUserPayment: { userPaymentId: string, userName: string } };

export type TransactionsImportProgressQueryVariables = Exact<{
  key: string;
}>;


export type TransactionsImportProgressQuery = { csvImportProgress: { phase: string, rowsRead: number, bytesRead: number, byteSize: number } | null };

export type TransactionsUnfixedQueryVariables = Exact<{
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil: string;
  pagination?: PaginationInput | null | undefined;
}>;


export type TransactionsUnfixedQuery = { assetUnFixedPayments: { list: Array<{ userPaymentId: string, userName: string, planName: string, paidBtc: string, confirmedAt: string | null }>, pagination: { offset: number, totalRecords: number } } };

export type TransactionsCsvImportReportFragment = { dryRun: boolean, fileName: string, contentHash: string, encoding: string, rowCount: number, count: number, invalidRowCount: number, errorCount: number, applicableRowCount: number, notApplicableReason: string | null, totals: Array<{ name: string, value: string }>, errors: Array<{ line: number, column: string | null, code: string, params: string, message: string }>, rows: Array<{ line: number, values: Array<{ name: string, value: string | null }> }>, alreadyImported: { id: string, importedAt: string, adminUserName: string | null } | null, imported: { id: string, appliedCount: number } | null };

export type TransactionsCsvReportFragment = { runId: string | null };

export type TransactionsImportRunQueryVariables = Exact<{
  id: string | number;
}>;


export type TransactionsImportRunQuery = { csvImportRun: { outcome: string | null, report: { dryRun: boolean, fileName: string, contentHash: string, encoding: string, rowCount: number, count: number, invalidRowCount: number, errorCount: number, applicableRowCount: number, notApplicableReason: string | null, totals: Array<{ name: string, value: string }>, errors: Array<{ line: number, column: string | null, code: string, params: string, message: string }>, rows: Array<{ line: number, values: Array<{ name: string, value: string | null }> }>, alreadyImported: { id: string, importedAt: string, adminUserName: string | null } | null, imported: { id: string, appliedCount: number } | null } | null, refusal: { message: string, extensions: string } | null } | null };

export type TransactionsUploadPaymentsMutationVariables = Exact<{
  file: File;
  dryRun?: boolean | null | undefined;
  progressKey?: string | null | undefined;
  fingerprint?: string | null | undefined;
}>;


export type TransactionsUploadPaymentsMutation = { postAddUserPaymentsByCSV: { runId: string | null } };

export type TransactionsUploadRatesMutationVariables = Exact<{
  file: File;
  dryRun?: boolean | null | undefined;
  progressKey?: string | null | undefined;
  fingerprint?: string | null | undefined;
}>;


export type TransactionsUploadRatesMutation = { postAssignRatesByCSV: { runId: string | null } };

export type HecSavingPlansQueryVariables = Exact<{ [key: string]: never; }>;


export type HecSavingPlansQuery = { hecSavingPlans: Array<{ id: number, name: string }> };

export type UserAffiliateSavingRemittanceHistoryQueryVariables = Exact<{
  userId: number;
  pagination?: PaginationInput | null | undefined;
}>;


export type UserAffiliateSavingRemittanceHistoryQuery = { userAffiliateSavingRemittanceHistory: { totalSentHec: string, totalHecPrincipal: string, totalAtemPrincipal: string, totalUsdValuation: string, remittances: Array<{ id: string, confirmedAt: string, sentHec: string, hecPrincipal: string, atemPrincipal: string, usdValuation: string, address: string }>, pagination: { offset: number, totalRecords: number } } };

export type UserAssetQueryVariables = Exact<{
  userId: number;
}>;


export type UserAssetQuery = { userAsset: { totalBuyAmountUsd: string, totalETHAmount: string, totalHECAmount: string, totalETHStakedAmount: string, totalHECStakedAmount: string, totalETHAffiliateReward: string, totalHECAffiliateReward: string, totalETHProportionalReward: string, totalHECProportionalReward: string, totalETHStakingReward: string, totalHECStakingReward: string } };

export type UserHecSavingDetailQueryVariables = Exact<{
  userId: number;
}>;


export type UserHecSavingDetailQuery = { userHecSavingDetail: { oneYearPlanRate: string, twoYearPlanRate: string, threeYearPlanRate: string, fiveYearPlanRate: string, oneYearPlanPrincipal: string, twoYearPlanPrincipal: string, threeYearPlanPrincipal: string, fiveYearPlanPrincipal: string, oneYearPlanRewards: string, twoYearPlanRewards: string, threeYearPlanRewards: string, fiveYearPlanRewards: string, totalRewards: string, userPreBonusRate: string, userCardStatusBonusRate: string } };

export type UserHecSavingRemittanceHistoryQueryVariables = Exact<{
  userId: number;
  pagination?: PaginationInput | null | undefined;
}>;


export type UserHecSavingRemittanceHistoryQuery = { userHecSavingRemittanceHistory: { totalSentHec: string, totalOneYearPlanHec: string, totalTwoYearsPlanHec: string, totalThreeYearsPlanHec: string, totalFiveYearsPlanHec: string, remittances: Array<{ id: string, confirmedAt: string, planName: string, sentHec: string, usdValue: string, address: string, transactionHash: string }>, pagination: { offset: number, totalRecords: number } } };

export type UserReferralPlanDetailQueryVariables = Exact<{
  userId: number;
}>;


export type UserReferralPlanDetailQuery = { userReferralPlanDetail: { totalRemittedHec: string, totalUsdValuation: string, totalHecPrincipal: string, totalAtemAmount: string, rewardRate: string, rewardsBasedOnInterest: string, referralRewards: string, bonusRewards: string, numberOfRemittances: number } };

export type UserRewardSnapshotQueryVariables = Exact<{
  userId: number;
  rewardDate?: string | null | undefined;
  planId?: number | null | undefined;
}>;


export type UserRewardSnapshotQuery = { userRewardSnapshot: { rewardDate: string | null, totalSentHec: string, totalSentUSD: string, totalAubeReward: string, totalOwlReward: string, remittances: Array<{ id: string, confirmedDate: string, maturityDate: string, amount: string, totalAmount: string, baseRate: string, tierRate: string, lockRate: string, totalBonus: string, plan: string, planId: number, aubeRate: string, aubeReward: string, usdRate: string, totalUsd: string, owlAube: string, owlRate: string, owlReward: string }> } };

export type UserStakingInfoQueryVariables = Exact<{
  userId: number;
}>;


export type UserStakingInfoQuery = { userStakingInfo: { stakingInfos: Array<{ planId: number, coinType: string, currentBalance: string, depositedAube: string, aubeReward: string, owlReward: string, aubeRate: string, owlRate: string, walletAddress: string }>, remittanceHistories: Array<{ id: string, planName: string, confirmedAt: string, address: string, sentHec: string, usdValue: string, transactionHash: string }> } };

export type UserWithdrawalHistoryQueryVariables = Exact<{
  userId: number;
  kind?: WithdrawalKind | null | undefined;
  status?: WithdrawalStatus | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type UserWithdrawalHistoryQuery = { userWithdrawalHistory: { list: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, requestedAt: string, processingAt: string | null, completedAt: string | null, failedAt: string | null, rejectedAt: string | null, coinType: string, amount: string, fee: string, netAmount: string, receiverAddress: string, transactionHash: string | null, rejectReason: string | null, failureReason: string | null, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }> }>, pagination: { offset: number, totalRecords: number } } };

export type UserQueryVariables = Exact<{
  userId: number;
}>;


export type UserQuery = { user: { id: number, userName: string, inviteCode: string, cardStatus: number, totalHECStakedAmount: string, totalETHStakedAmount: string, totalBuyAmountUsd: string, savingRewardsRate: string, referralRate: string, registeredAt: string, totalSentAmount: string, totalOwl: string, parentId: number | null, parentUserName: string | null, aubeUserInfo: { email: string, aubeUserIdHash: string, firstName: string, lastName: string, birthDate: string | null, enrollmentMonth: string | null, forceClubRegisteredAt: string | null, forceClubIdHash: string | null }, userDetail: { avatarUrl: string | null, phoneNumber: string | null, twoFactor: boolean, bio: string, defaultLocale: string } } };

export type UsersQueryVariables = Exact<{
  userName?: string | null | undefined;
  inviteCode?: string | null | undefined;
  email?: string | null | undefined;
  forceClubIdHash?: string | null | undefined;
  totalBuyAmountMoreThanOrEqual?: string | null | undefined;
  totalBuyAmountLessThanOrEqual?: string | null | undefined;
  cardStatus?: Array<number> | number | null | undefined;
  registeredAtFrom?: string | null | undefined;
  registeredAtUntil?: string | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type UsersQuery = { users: { list: Array<{ id: number, userName: string, inviteCode: string, cardStatus: number, totalHECStakedAmount: string, totalETHStakedAmount: string, totalBuyAmountUsd: string, savingRewardsRate: string, referralRate: string, registeredAt: string, totalSentAmount: string, totalOwl: string, aubeUserInfo: { email: string, aubeUserIdHash: string, firstName: string, lastName: string, forceClubIdHash: string | null } }>, pagination: { offset: number, totalRecords: number } } };

export type WithdrawalExportBatchesQueryVariables = Exact<{
  kind: WithdrawalKind;
  pagination?: PaginationInput | null | undefined;
}>;


export type WithdrawalExportBatchesQuery = { withdrawalExportBatches: { list: Array<{ id: string, layout: string, adminUserName: string, createdAt: string, requestCount: number, fileSha256: string, totals: Array<{ coin: string, transfers: number, amount: string }>, files: Array<{ layout: WithdrawalSigningLayout, fileName: string, fileSha256: string }> }>, pagination: { offset: number, totalRecords: number } } };

export type WithdrawalActionAnswerFragment = { changedCount: number, refusedCount: number, results: Array<{ id: string, outcome: WithdrawalActionOutcome, status: WithdrawalStatus | null, reason: WithdrawalRefusalReason | null, message: string | null }>, requests: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }> };

export type ApproveWithdrawalRequestsMutationVariables = Exact<{
  requests: Array<WithdrawalApprovalInput> | WithdrawalApprovalInput;
}>;


export type ApproveWithdrawalRequestsMutation = { postApproveWithdrawalRequests: { changedCount: number, refusedCount: number, results: Array<{ id: string, outcome: WithdrawalActionOutcome, status: WithdrawalStatus | null, reason: WithdrawalRefusalReason | null, message: string | null }>, requests: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }> } };

export type RejectWithdrawalRequestsMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
  reasonCode: WithdrawalRejectCode;
  reasonText: string;
}>;


export type RejectWithdrawalRequestsMutation = { postRejectWithdrawalRequests: { changedCount: number, refusedCount: number, results: Array<{ id: string, outcome: WithdrawalActionOutcome, status: WithdrawalStatus | null, reason: WithdrawalRefusalReason | null, message: string | null }>, requests: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }> } };

export type WithdrawalMatchingPreviewQueryVariables = Exact<{
  kind: WithdrawalKind;
  searchParams?: WithdrawalSearchParams | null | undefined;
}>;


export type WithdrawalMatchingPreviewQuery = { withdrawalMatchingPreview: { count: number, fingerprint: string } };

export type ApproveMatchingWithdrawalRequestsMutationVariables = Exact<{
  kind: WithdrawalKind;
  searchParams?: WithdrawalSearchParams | null | undefined;
  expectedCount: number;
  fingerprint: string;
}>;


export type ApproveMatchingWithdrawalRequestsMutation = { postApproveMatchingWithdrawalRequests: { changedCount: number, refusedCount: number, results: Array<{ id: string, outcome: WithdrawalActionOutcome, status: WithdrawalStatus | null, reason: WithdrawalRefusalReason | null, message: string | null }>, requests: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }> } };

export type RejectMatchingWithdrawalRequestsMutationVariables = Exact<{
  kind: WithdrawalKind;
  searchParams?: WithdrawalSearchParams | null | undefined;
  expectedCount: number;
  fingerprint: string;
  reasonCode: WithdrawalRejectCode;
  reasonText: string;
}>;


export type RejectMatchingWithdrawalRequestsMutation = { postRejectMatchingWithdrawalRequests: { changedCount: number, refusedCount: number, results: Array<{ id: string, outcome: WithdrawalActionOutcome, status: WithdrawalStatus | null, reason: WithdrawalRefusalReason | null, message: string | null }>, requests: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }> } };

export type FailWithdrawalRequestsMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
  reason: string;
}>;


export type FailWithdrawalRequestsMutation = { postFailWithdrawalRequests: { changedCount: number, refusedCount: number, results: Array<{ id: string, outcome: WithdrawalActionOutcome, status: WithdrawalStatus | null, reason: WithdrawalRefusalReason | null, message: string | null }>, requests: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }> } };

export type WithdrawalSigningExportPreviewQueryVariables = Exact<{
  kind: WithdrawalKind;
  searchParams?: WithdrawalSearchParams | null | undefined;
}>;


export type WithdrawalSigningExportPreviewQuery = { withdrawalSigningExportPreview: { count: number, fingerprint: string, underApprovedIds: Array<string>, totals: Array<{ coin: string, transfers: number, amount: string }> } };

export type WithdrawalSigningExportMutationVariables = Exact<{
  kind: WithdrawalKind;
  layout: WithdrawalSigningLayout;
  searchParams?: WithdrawalSearchParams | null | undefined;
  expectedCount: number;
  fingerprint: string;
  clientKey: string;
}>;


export type WithdrawalSigningExportMutation = { postWithdrawalSigningExport: { url: string, fileName: string, batch: { id: string, requestCount: number, fileSha256: string } } };

export type WithdrawalExportBatchCsvQueryVariables = Exact<{
  batchId: string | number;
  layout?: WithdrawalSigningLayout | null | undefined;
}>;


export type WithdrawalExportBatchCsvQuery = { withdrawalExportBatchCsv: { url: string, fileName: string } };

export type WithdrawalTransactionsUploadMutationVariables = Exact<{
  kind: WithdrawalKind;
  file: File;
  dryRun?: boolean | null | undefined;
  fingerprint?: string | null | undefined;
}>;


export type WithdrawalTransactionsUploadMutation = { postWithdrawalTransactionsByCSV: { messageCode: string, messageParams: string, countTransactions: number, isSuccess: boolean, report: { contentHash: string, rowCount: number, invalidRowCount: number, errorCount: number, applicableRowCount: number, notApplicableReason: string | null, errors: Array<{ line: number, column: string | null, code: string, params: string, message: string }> } } };

export type WithdrawalRequestRowFragment = { id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null };

export type WithdrawalRequestsQueryVariables = Exact<{
  kind: WithdrawalKind;
  input?: WithdrawalListInput | null | undefined;
}>;


export type WithdrawalRequestsQuery = { withdrawalRequests: { list: Array<{ id: string, kind: WithdrawalKind, status: WithdrawalStatus, revision: number, requestedAt: string, createdAt: string, userId: number, userName: string, email: string, userRegisteredAt: string, aubeUserIdHash: string, forceClubIdHash: string | null, userSavingSentValueId: string | null, userAffiliateSavingSentValueId: string | null, userPaymentPaidValueId: string | null, coinTypeName: string, requestedAmount: string, fee: string, netAmount: string, metaxEmail: string | null, receiverAddress: string, ethReceiverAddress: string | null, transactionHash: string | null, ethTransactionHash: string | null, rejectCode: string | null, rejectReason: string | null, failureReason: string | null, exportBatchId: string | null, requiredApprovals: number, awaitingOver24h: boolean, paidAmounts: Array<{ coin: string, amount: string, fee: string, netAmount: string }>, ethAmount: { principal: string, reward: string, fee: string } | null, hecAmount: { principal: string, reward: string, fee: string } | null, approvals: Array<{ adminUserId: number | null, adminUserName: string, approvedAt: string }>, context: { userCount24h: number, userAmount24h: string, userCount30d: number, userAmount30d: string, addressFirstSeenAt: string | null, addressOtherUsers: number } | null }>, pagination: { offset: number, totalRecords: number }, statusCounts: Array<{ status: WithdrawalStatus, count: number }> } };

export type WithdrawalRequestTimelineQueryVariables = Exact<{
  id: string | number;
}>;


export type WithdrawalRequestTimelineQuery = { withdrawalRequestTimeline: Array<{ at: string, operation: WithdrawalTimelineOperation, adminUserName: string | null, fromStatus: WithdrawalStatus | null, toStatus: WithdrawalStatus | null, approvals: number | null, requiredApprovals: number | null, rejectCode: WithdrawalRejectCode | null, rejectReason: string | null, failureReason: string | null, transactionHash: string | null, ethTransactionHash: string | null, exportBatchId: string | null }> };

export type ApprovalThresholdFragment = { coinType: string, secondApprovalAbove: string, pendingChange: { id: string, coinType: string, fromValue: string, toValue: string, proposedByAdminUserId: number | null, proposedByAdminUserName: string, proposedAt: string } | null };

export type WithdrawalApprovalThresholdsQueryVariables = Exact<{ [key: string]: never; }>;


export type WithdrawalApprovalThresholdsQuery = { withdrawalApprovalThresholds: Array<{ coinType: string, secondApprovalAbove: string, pendingChange: { id: string, coinType: string, fromValue: string, toValue: string, proposedByAdminUserId: number | null, proposedByAdminUserName: string, proposedAt: string } | null }> };

export type UpdateWithdrawalApprovalThresholdMutationVariables = Exact<{
  coinType: string;
  secondApprovalAbove: string;
}>;


export type UpdateWithdrawalApprovalThresholdMutation = { postUpdateWithdrawalApprovalThreshold: { coinType: string, secondApprovalAbove: string, pendingChange: { id: string, coinType: string, fromValue: string, toValue: string, proposedByAdminUserId: number | null, proposedByAdminUserName: string, proposedAt: string } | null } };

export type ConfirmWithdrawalApprovalThresholdChangeMutationVariables = Exact<{
  id: string | number;
}>;


export type ConfirmWithdrawalApprovalThresholdChangeMutation = { postConfirmWithdrawalApprovalThresholdChange: { coinType: string, secondApprovalAbove: string, pendingChange: { id: string, coinType: string, fromValue: string, toValue: string, proposedByAdminUserId: number | null, proposedByAdminUserName: string, proposedAt: string } | null } };

export type CancelWithdrawalApprovalThresholdChangeMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelWithdrawalApprovalThresholdChangeMutation = { postCancelWithdrawalApprovalThresholdChange: { coinType: string, secondApprovalAbove: string, pendingChange: { id: string, coinType: string, fromValue: string, toValue: string, proposedByAdminUserId: number | null, proposedByAdminUserName: string, proposedAt: string } | null } };

export type CurrentAdminQueryVariables = Exact<{ [key: string]: never; }>;


export type CurrentAdminQuery = { adminUser: { id: number, userName: string, email: string, roles: Array<{ name: string, description: string }> } };

export type UserNamesQueryVariables = Exact<{
  userName?: string | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type UserNamesQuery = { userNames: { list: Array<{ id: number, userName: string }> } };

export type UserPaymentsQueryVariables = Exact<{
  input?: UserPaymentsInput | null | undefined;
}>;


export type UserPaymentsQuery = { userPayments: { list: Array<{ userPaymentId: string, userId: number, userName: string, planName: string, priceUsd: string, paidUsd: string, paidBtc: string, paymentAddress: string, confirmedAt: string | null, canceledAt: string | null, assetFixedAt: string | null, status: string, amountETH: string | null, amountHEC: string | null }>, pagination: { offset: number, totalRecords: number } } };

export type UsersCsvQueryVariables = Exact<{
  userName?: string | null | undefined;
  inviteCode?: string | null | undefined;
  email?: string | null | undefined;
  forceClubIdHash?: string | null | undefined;
  totalBuyAmountMoreThanOrEqual?: string | null | undefined;
  totalBuyAmountLessThanOrEqual?: string | null | undefined;
  cardStatus?: Array<number> | number | null | undefined;
  registeredAtFrom?: string | null | undefined;
  registeredAtUntil?: string | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type UsersCsvQuery = { usersCSV: { url: string, fileName: string } };

export type UserPaymentsCsvQueryVariables = Exact<{
  userId?: number | null | undefined;
  userName?: string | null | undefined;
  paymentStatus?: string | null | undefined;
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil?: string | null | undefined;
  assetFixedAtFrom?: string | null | undefined;
  assetFixedAtUntil?: string | null | undefined;
  sort?: SortInput | null | undefined;
  version?: number | null | undefined;
}>;


export type UserPaymentsCsvQuery = { userPaymentsCSV: { url: string, fileName: string } };

export type AuditLogsCsvQueryVariables = Exact<{
  adminUserId?: number | null | undefined;
  operation?: string | null | undefined;
  targetType?: string | null | undefined;
  targetId?: string | null | undefined;
  dateFrom?: string | null | undefined;
  dateUntil?: string | null | undefined;
  refusals?: boolean | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type AuditLogsCsvQuery = { auditLogsCsv: { url: string, fileName: string } };

export type ReferralRewardsCsvQueryVariables = Exact<{
  userName?: string | null | undefined;
  email?: string | null | undefined;
  forceClubId?: string | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type ReferralRewardsCsvQuery = { referralRewardsCsv: { url: string, fileName: string } };

export type AffiliateSavingAggregatesCsvQueryVariables = Exact<{
  userName?: string | null | undefined;
  email?: string | null | undefined;
  forceClubId?: string | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type AffiliateSavingAggregatesCsvQuery = { affiliateSavingAggregatesCsv: { url: string, fileName: string } };

export type HecSavingRemittanceHistoryCsvQueryVariables = Exact<{
  userName?: string | null | undefined;
  planName?: string | null | undefined;
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil?: string | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type HecSavingRemittanceHistoryCsvQuery = { hecSavingRemittanceHistoryCsv: { url: string, fileName: string } };

export type ReferralPlanRemittanceHistoryCsvQueryVariables = Exact<{
  userName?: string | null | undefined;
  email?: string | null | undefined;
  confirmedAtFrom?: string | null | undefined;
  confirmedAtUntil?: string | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type ReferralPlanRemittanceHistoryCsvQuery = { referralPlanRemittanceHistoryCsv: { url: string, fileName: string } };

export type HecSavingAddressesCsvQueryVariables = Exact<{
  userName?: string | null | undefined;
  email?: string | null | undefined;
  sort?: SortInput | null | undefined;
}>;


export type HecSavingAddressesCsvQuery = { hecSavingAddressesCsv: { url: string, fileName: string } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const TransactionsCsvImportReportFragmentDoc = new TypedDocumentString(`
    fragment TransactionsCsvImportReport on CsvImportReport {
  dryRun
  fileName
  contentHash
  encoding
  rowCount
  count
  invalidRowCount
  errorCount
  applicableRowCount
  notApplicableReason
  totals {
    name
    value
  }
  errors {
    line
    column
    code
    params
    message
  }
  rows {
    line
    values {
      name
      value
    }
  }
  alreadyImported {
    id
    importedAt
    adminUserName
  }
  imported {
    id
    appliedCount
  }
}
    `, {"fragmentName":"TransactionsCsvImportReport"}) as unknown as TypedDocumentString<TransactionsCsvImportReportFragment, unknown>;
export const TransactionsCsvReportFragmentDoc = new TypedDocumentString(`
    fragment TransactionsCsvReport on PaymentsCsvResult {
  runId
}
    `, {"fragmentName":"TransactionsCsvReport"}) as unknown as TypedDocumentString<TransactionsCsvReportFragment, unknown>;
export const WithdrawalRequestRowFragmentDoc = new TypedDocumentString(`
    fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}
    `, {"fragmentName":"WithdrawalRequestRow"}) as unknown as TypedDocumentString<WithdrawalRequestRowFragment, unknown>;
export const WithdrawalActionAnswerFragmentDoc = new TypedDocumentString(`
    fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
  changedCount
  refusedCount
  results {
    id
    outcome
    status
    reason
    message
  }
  requests {
    ...WithdrawalRequestRow
  }
}
    fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`, {"fragmentName":"WithdrawalActionAnswer"}) as unknown as TypedDocumentString<WithdrawalActionAnswerFragment, unknown>;
export const ApprovalThresholdFragmentDoc = new TypedDocumentString(`
    fragment ApprovalThreshold on WithdrawalApprovalThreshold {
  coinType
  secondApprovalAbove
  pendingChange {
    id
    coinType
    fromValue
    toValue
    proposedByAdminUserId
    proposedByAdminUserName
    proposedAt
  }
}
    `, {"fragmentName":"ApprovalThreshold"}) as unknown as TypedDocumentString<ApprovalThresholdFragment, unknown>;
export const AddNewAdminUserDocument = new TypedDocumentString(`
    mutation AddNewAdminUser($userName: String!, $email: String!, $roles: [String!]!) {
  postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {
    message
    oneTimePassword
    pendingGrants {
      id
      role
    }
    user {
      id
      userName
      email
    }
  }
}
    `) as unknown as TypedDocumentString<AddNewAdminUserMutation, AddNewAdminUserMutationVariables>;
export const AddRoleToUserDocument = new TypedDocumentString(`
    mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {
  postAddRoleToUser(userId: $userId, roles: $roles) {
    message
    pendingGrants {
      id
      role
    }
    user {
      id
      roles {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AddRoleToUserMutation, AddRoleToUserMutationVariables>;
export const AdminUsersDocument = new TypedDocumentString(`
    query AdminUsers {
  adminUsers {
    id
    userName
    email
    mustChangePassword
    totpEnabled
    roles {
      name
      description
    }
  }
}
    `) as unknown as TypedDocumentString<AdminUsersQuery, AdminUsersQueryVariables>;
export const AuditLogsDocument = new TypedDocumentString(`
    query AuditLogs($adminUserId: Int, $operation: String, $targetType: String, $targetId: String, $dateFrom: DateTime, $dateUntil: DateTime, $refusals: Boolean, $pagination: PaginationInput) {
  auditLogs(
    adminUserId: $adminUserId
    operation: $operation
    targetType: $targetType
    targetId: $targetId
    dateFrom: $dateFrom
    dateUntil: $dateUntil
    refusals: $refusals
    pagination: $pagination
  ) {
    list {
      id
      occurredAt
      adminUserId
      adminUserName
      operation
      targetType
      targetIds
      summary
      requestId
      ip
    }
    pagination {
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<AuditLogsQuery, AuditLogsQueryVariables>;
export const DeleteAdminUserDocument = new TypedDocumentString(`
    mutation DeleteAdminUser($userId: Int!) {
  postDeleteAdminUser(userId: $userId) {
    message
    deletedUserId
  }
}
    `) as unknown as TypedDocumentString<DeleteAdminUserMutation, DeleteAdminUserMutationVariables>;
export const DeleteRoleFromUserDocument = new TypedDocumentString(`
    mutation DeleteRoleFromUser($userId: Int!, $roles: [String!]!) {
  postDeleteRoleFromUser(userId: $userId, roles: $roles) {
    message
    user {
      id
      roles {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DeleteRoleFromUserMutation, DeleteRoleFromUserMutationVariables>;
export const AdminRoleGrantsDocument = new TypedDocumentString(`
    query AdminRoleGrants {
  adminRoleGrants {
    id
    adminUserId
    adminUserName
    role
    proposedByAdminUserId
    proposedByAdminUserName
    proposedAt
  }
  superAdminCount
}
    `) as unknown as TypedDocumentString<AdminRoleGrantsQuery, AdminRoleGrantsQueryVariables>;
export const ConfirmAdminRoleGrantDocument = new TypedDocumentString(`
    mutation ConfirmAdminRoleGrant($id: ID!) {
  postConfirmAdminRoleGrant(id: $id) {
    message
  }
}
    `) as unknown as TypedDocumentString<ConfirmAdminRoleGrantMutation, ConfirmAdminRoleGrantMutationVariables>;
export const CancelAdminRoleGrantDocument = new TypedDocumentString(`
    mutation CancelAdminRoleGrant($id: ID!) {
  postCancelAdminRoleGrant(id: $id) {
    message
  }
}
    `) as unknown as TypedDocumentString<CancelAdminRoleGrantMutation, CancelAdminRoleGrantMutationVariables>;
export const RolesDocument = new TypedDocumentString(`
    query Roles {
  roles {
    name
    description
  }
}
    `) as unknown as TypedDocumentString<RolesQuery, RolesQueryVariables>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($email: String!, $password: String!, $totpCode: String) {
  postSignIn(email: $email, password: $password, totpCode: $totpCode) {
    message
    accessToken
    user {
      id
      userName
      email
    }
  }
}
    `) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  postSignOut
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const HecSavingAddressesDocument = new TypedDocumentString(`
    query HecSavingAddresses($input: SavingListInput) {
  hecSavingAddresses(input: $input) {
    list {
      id
      userId
      username
      email
      oneYearPlanAddress
      twoYearsPlanAddress
      threeYearsPlanAddress
      fiveYearsPlanAddress
      generatedAt
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<HecSavingAddressesQuery, HecSavingAddressesQueryVariables>;
export const SavingPlanNamesDocument = new TypedDocumentString(`
    query SavingPlanNames {
  hecSavingPlans {
    id
    name
    termYears
  }
}
    `) as unknown as TypedDocumentString<SavingPlanNamesQuery, SavingPlanNamesQueryVariables>;
export const UserSavingsDocument = new TypedDocumentString(`
    query UserSavings($userName: String, $planName: String, $pagination: PaginationInput) {
  userSavings(userName: $userName, planName: $planName, pagination: $pagination) {
    list {
      userSavingSentValueId
      userName
      planName
      address
      amountHEC
      amountUSD
      transactionHash
      confirmedAt
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<UserSavingsQuery, UserSavingsQueryVariables>;
export const DashboardStatisticsDocument = new TypedDocumentString(`
    query DashboardStatistics($period: DashboardPeriod!, $dateFrom: String, $dateUntil: String) {
  dashboardStatistics(period: $period, dateFrom: $dateFrom, dateUntil: $dateUntil) {
    dateFrom
    dateUntil
    previousDateFrom
    previousDateUntil
    revenueUsd {
      current
      previous
      change
      changePercent
    }
    newUsers {
      current
      previous
      change
      changePercent
    }
    totalUsers {
      current
      previous
      change
      changePercent
    }
    cardStatuses {
      cardStatus
      users
      newUsers {
        current
        previous
        change
        changePercent
      }
    }
    purchaseRanges {
      index
      min
      max
      users
      newUsers {
        current
        previous
        change
        changePercent
      }
    }
    campaignEth {
      current
      previous
      change
      changePercent
    }
    campaignHec {
      current
      previous
      change
      changePercent
    }
    exBonusHec {
      current
      previous
      change
      changePercent
    }
    days {
      date
      revenueUsd
      newUsers
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardStatisticsQuery, DashboardStatisticsQueryVariables>;
export const ExportFormatsDocument = new TypedDocumentString(`
    query ExportFormats {
  exportFormats {
    name
    columns {
      header
      meaning
      type
      unit
      example
    }
  }
}
    `) as unknown as TypedDocumentString<ExportFormatsQuery, ExportFormatsQueryVariables>;
export const ExportPreviewDocument = new TypedDocumentString(`
    query ExportPreview($name: String!, $confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime) {
  exportPreview(
    name: $name
    confirmedAtFrom: $confirmedAtFrom
    confirmedAtUntil: $confirmedAtUntil
    limit: 5
  ) {
    columns {
      header
    }
    rows {
      cells
    }
  }
}
    `) as unknown as TypedDocumentString<ExportPreviewQuery, ExportPreviewQueryVariables>;
export const DeleteNotificationDocument = new TypedDocumentString(`
    mutation DeleteNotification($notificationId: Int!) {
  postDeleteNotification(notificationId: $notificationId) {
    message
  }
}
    `) as unknown as TypedDocumentString<DeleteNotificationMutation, DeleteNotificationMutationVariables>;
export const MailPreviewDocument = new TypedDocumentString(`
    query MailPreview($notificationId: Int!, $audience: String, $userIds: [Int!]) {
  mailPreview(
    notificationId: $notificationId
    audience: $audience
    userIds: $userIds
  ) {
    subject
    body
    language
    recipientCount
    fingerprint
    namedUsers {
      id
      userName
      email
    }
  }
  mailDelivery {
    smtpConfigured
    queued
  }
}
    `) as unknown as TypedDocumentString<MailPreviewQuery, MailPreviewQueryVariables>;
export const MailSendStatusDocument = new TypedDocumentString(`
    query MailSendStatus($mailSendId: ID!, $pagination: PaginationInput) {
  mailSend(mailSendId: $mailSendId) {
    id
    audience
    subject
    recipientCount
    createdAt
    counts {
      queued
      sending
      sent
      failed
    }
  }
  mailRecipients(mailSendId: $mailSendId, pagination: $pagination) {
    list {
      id
      toAddress
      userName
      status
      attempts
      smtpResponse
      sentAt
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<MailSendStatusQuery, MailSendStatusQueryVariables>;
export const MailSendsDocument = new TypedDocumentString(`
    query MailSends($notificationId: Int, $pagination: PaginationInput) {
  mailSends(notificationId: $notificationId, pagination: $pagination) {
    list {
      id
      notificationId
      subject
      audience
      language
      recipientCount
      createdAt
      createdBy
      counts {
        queued
        sending
        sent
        failed
      }
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<MailSendsQuery, MailSendsQueryVariables>;
export const MailUserSearchDocument = new TypedDocumentString(`
    query MailUserSearch($text: String!) {
  byName: users(
    userName: $text
    pagination: {limit: 10, sort: {target: "userName", orderBy: ASC}}
  ) {
    list {
      id
      userName
      aubeUserInfo {
        email
      }
    }
  }
  byEmail: users(
    email: $text
    pagination: {limit: 10, sort: {target: "email", orderBy: ASC}}
  ) {
    list {
      id
      userName
      aubeUserInfo {
        email
      }
    }
  }
}
    `) as unknown as TypedDocumentString<MailUserSearchQuery, MailUserSearchQueryVariables>;
export const NotificationsDocument = new TypedDocumentString(`
    query Notifications($pagination: PaginationInput) {
  notifications(pagination: $pagination) {
    list {
      id
      title
      content
      language
      isPublic
      notifiedAt
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<NotificationsQuery, NotificationsQueryVariables>;
export const CreateNotificationDocument = new TypedDocumentString(`
    mutation CreateNotification($title: String, $content: String, $language: String, $isPublic: Boolean, $notifiedAt: DateTime) {
  postCreateNotification(
    title: $title
    content: $content
    language: $language
    isPublic: $isPublic
    notifiedAt: $notifiedAt
  ) {
    message
    notification {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<CreateNotificationMutation, CreateNotificationMutationVariables>;
export const UpdateNotificationDocument = new TypedDocumentString(`
    mutation UpdateNotification($notificationId: Int!, $title: String, $content: String, $language: String, $isPublic: Boolean, $notifiedAt: DateTime) {
  postUpdateNotification(
    notificationId: $notificationId
    title: $title
    content: $content
    language: $language
    isPublic: $isPublic
    notifiedAt: $notifiedAt
  ) {
    message
  }
}
    `) as unknown as TypedDocumentString<UpdateNotificationMutation, UpdateNotificationMutationVariables>;
export const SendMailDocument = new TypedDocumentString(`
    mutation SendMail($notificationId: Int!, $audience: String, $userIds: [Int!], $fingerprint: String!) {
  postSendMail(
    notificationId: $notificationId
    audience: $audience
    userIds: $userIds
    fingerprint: $fingerprint
  ) {
    message
    mailSendId
    recipientCount
  }
}
    `) as unknown as TypedDocumentString<SendMailMutation, SendMailMutationVariables>;
export const SendTestMailDocument = new TypedDocumentString(`
    mutation SendTestMail($notificationId: Int!) {
  postSendTestMail(notificationId: $notificationId) {
    message
    mailSendId
    toAddress
  }
}
    `) as unknown as TypedDocumentString<SendTestMailMutation, SendTestMailMutationVariables>;
export const ConfirmTotpEnrollmentDocument = new TypedDocumentString(`
    mutation ConfirmTotpEnrollment($totpCode: String!) {
  postConfirmTotpEnrollment(totpCode: $totpCode) {
    message
    totpEnabled
  }
}
    `) as unknown as TypedDocumentString<ConfirmTotpEnrollmentMutation, ConfirmTotpEnrollmentMutationVariables>;
export const DisableTotpDocument = new TypedDocumentString(`
    mutation DisableTotp($password: String!) {
  postDisableTotp(password: $password) {
    message
    totpEnabled
  }
}
    `) as unknown as TypedDocumentString<DisableTotpMutation, DisableTotpMutationVariables>;
export const MyProfileDocument = new TypedDocumentString(`
    query MyProfile {
  adminUser {
    id
    userName
    email
    mustChangePassword
    totpEnabled
    totpRequired
  }
}
    `) as unknown as TypedDocumentString<MyProfileQuery, MyProfileQueryVariables>;
export const MySessionsDocument = new TypedDocumentString(`
    query MySessions {
  adminSessions {
    id
    createdAt
    lastUsedAt
    expiresAt
    ip
    userAgent
    current
  }
}
    `) as unknown as TypedDocumentString<MySessionsQuery, MySessionsQueryVariables>;
export const SignOutEverywhereDocument = new TypedDocumentString(`
    mutation SignOutEverywhere {
  postSignOutEverywhere
}
    `) as unknown as TypedDocumentString<SignOutEverywhereMutation, SignOutEverywhereMutationVariables>;
export const StartTotpEnrollmentDocument = new TypedDocumentString(`
    mutation StartTotpEnrollment {
  postStartTotpEnrollment {
    secret
    otpauthUri
    qrCodeDataUrl
  }
}
    `) as unknown as TypedDocumentString<StartTotpEnrollmentMutation, StartTotpEnrollmentMutationVariables>;
export const UpdateAdminUserProfileDocument = new TypedDocumentString(`
    mutation UpdateAdminUserProfile($email: String, $userName: String, $oldPassword: String, $newPassword: String) {
  postUpdateAdminUserProfile(
    email: $email
    userName: $userName
    oldPassword: $oldPassword
    newPassword: $newPassword
  ) {
    newEmail
    newUserName
    message
  }
}
    `) as unknown as TypedDocumentString<UpdateAdminUserProfileMutation, UpdateAdminUserProfileMutationVariables>;
export const ReferralTreeDocument = new TypedDocumentString(`
    query ReferralTree($userName: String, $userId: Int, $childrenLimit: Int, $childrenOffset: Int) {
  referralTree(
    userName: $userName
    userId: $userId
    childrenLimit: $childrenLimit
    childrenOffset: $childrenOffset
  ) {
    parent {
      id
      userName
      registeredAt
      childrenCount
      descendantsCount
    }
    user {
      id
      userName
      registeredAt
      childrenCount
      descendantsCount
    }
    children {
      id
      userName
      registeredAt
      childrenCount
      descendantsCount
    }
    totalChildren
    childrenLimit
    childrenOffset
  }
}
    `) as unknown as TypedDocumentString<ReferralTreeQuery, ReferralTreeQueryVariables>;
export const UserReferralRelationshipDocument = new TypedDocumentString(`
    query UserReferralRelationship($userId: Int!, $childrenLimit: Int) {
  userReferralRelationship(userId: $userId, childrenLimit: $childrenLimit) {
    user {
      id
      avatarUrl
      userName
      registeredAt
      totalRemittedHec
    }
    parentUser {
      id
      avatarUrl
      userName
      registeredAt
    }
    childrenUsers {
      id
      avatarUrl
      userName
      registeredAt
      totalRemittedHec
      childrenCount
    }
    totalChildren
    numberOfDescendants
    referralRewards
    bonusRewards
  }
}
    `) as unknown as TypedDocumentString<UserReferralRelationshipQuery, UserReferralRelationshipQueryVariables>;
export const AffiliateSavingAggregatesDocument = new TypedDocumentString(`
    query AffiliateSavingAggregates($input: AffiliateListInput) {
  affiliateSavingAggregates(input: $input) {
    list {
      id
      username
      email
      forceClubId
      remittanceCount
      totalSentHec
      totalSentUsdValuation
      totalHecPrincipal
      totalAtemPrincipal
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<AffiliateSavingAggregatesQuery, AffiliateSavingAggregatesQueryVariables>;
export const AffiliateSavingRemittancesDocument = new TypedDocumentString(`
    query AffiliateSavingRemittances($input: SavingListInput) {
  affiliateSavingRemittances(input: $input) {
    list {
      id
      username
      email
      forceClubId
      confirmedAt
      transactionHash
      sentHec
      usdValuation
      hecPrincipal
      atemPrincipal
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<AffiliateSavingRemittancesQuery, AffiliateSavingRemittancesQueryVariables>;
export const AffiliateTrackRecordsDocument = new TypedDocumentString(`
    query AffiliateTrackRecords($input: AffiliateListInput) {
  affiliateTrackRecords(input: $input) {
    list {
      userId
      userName
      email
      forceClubId
      totalRemittedHec
      totalHecPrincipal
      totalReferralRewards
      totalBonusRewards
      numberOfChildren
      parentUserName
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<AffiliateTrackRecordsQuery, AffiliateTrackRecordsQueryVariables>;
export const AssetStatsCsvDocument = new TypedDocumentString(`
    query AssetStatsCsv($dateFrom: String!, $dateUntil: String!) {
  assetStatsCsv(dateFrom: $dateFrom, dateUntil: $dateUntil) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<AssetStatsCsvQuery, AssetStatsCsvQueryVariables>;
export const AssetStatsDocument = new TypedDocumentString(`
    query AssetStats($dateFrom: String!, $dateUntil: String!) {
  assetStats(dateFrom: $dateFrom, dateUntil: $dateUntil) {
    dateFrom
    dateUntil
    stats {
      date
      initialETHAmount
      initialHECAmount
      ETHAffiliateReward
      HECAffiliateReward
      HECReferralBonus
      ETHSavingReward
      HECSavingReward
      ETHProportionalReward
      HECProportionalReward
      totalBuyAmountUsd
    }
    sums {
      initialETHAmount
      initialHECAmount
      ETHAffiliateReward
      HECAffiliateReward
      HECReferralBonus
      ETHSavingReward
      HECSavingReward
      ETHProportionalReward
      HECProportionalReward
      totalBuyAmountUsd
    }
  }
}
    `) as unknown as TypedDocumentString<AssetStatsQuery, AssetStatsQueryVariables>;
export const AddNoteToUserContactDocument = new TypedDocumentString(`
    mutation AddNoteToUserContact($userContactId: ID!, $body: String!) {
  postAddNoteToUserContact(userContactId: $userContactId, body: $body) {
    message
  }
}
    `) as unknown as TypedDocumentString<AddNoteToUserContactMutation, AddNoteToUserContactMutationVariables>;
export const ReplyToUserContactDocument = new TypedDocumentString(`
    mutation ReplyToUserContact($userContactId: ID!, $body: String!) {
  postReplyToUserContact(userContactId: $userContactId, body: $body) {
    message
  }
}
    `) as unknown as TypedDocumentString<ReplyToUserContactMutation, ReplyToUserContactMutationVariables>;
export const UserContactsDocument = new TypedDocumentString(`
    query UserContacts($userName: String, $assigneeUserName: String, $userContactStatus: String, $datetimeFrom: DateTime, $datetimeUntil: DateTime, $unassigned: Boolean, $pagination: PaginationInput) {
  userContacts(
    userName: $userName
    assigneeUserName: $assigneeUserName
    userContactStatus: $userContactStatus
    datetimeFrom: $datetimeFrom
    datetimeUntil: $datetimeUntil
    unassigned: $unassigned
    pagination: $pagination
  ) {
    list {
      id
      userName
      title
      status
      contactedAt
      statusChangedAt
      categories
      assignee {
        id
        userName
      }
      files {
        id
      }
    }
    pagination {
      limit
      offset
      totalRecords
    }
    statusCounts {
      status
      count
    }
  }
}
    `) as unknown as TypedDocumentString<UserContactsQuery, UserContactsQueryVariables>;
export const UserContactDocument = new TypedDocumentString(`
    query UserContact($userContactId: ID!) {
  userContact(userContactId: $userContactId) {
    id
    userName
    title
    content
    status
    contactedAt
    statusChangedAt
    categories
    assignee {
      id
      userName
    }
    files {
      id
      fileName
      contentType
      sizeBytes
      downloadUrl
    }
    history {
      id
      changedAt
      adminUserName
      field
      fromValue
      toValue
    }
    messages {
      id
      kind
      body
      adminUserName
      createdAt
      delivery {
        status
        toAddress
        sentAt
        smtpResponse
      }
    }
  }
}
    `) as unknown as TypedDocumentString<UserContactQuery, UserContactQueryVariables>;
export const SupportChoicesDocument = new TypedDocumentString(`
    query SupportChoices {
  userContactStatuses {
    id
    name
  }
  adminUserNames {
    id
    userName
  }
}
    `) as unknown as TypedDocumentString<SupportChoicesQuery, SupportChoicesQueryVariables>;
export const AssignUserContactDocument = new TypedDocumentString(`
    mutation AssignUserContact($userContactId: ID!, $assigneeUserId: Int) {
  postAssignAdminUserToUserContact(
    userContactId: $userContactId
    assigneeUserId: $assigneeUserId
  ) {
    message
  }
}
    `) as unknown as TypedDocumentString<AssignUserContactMutation, AssignUserContactMutationVariables>;
export const UpdateUserContactStatusDocument = new TypedDocumentString(`
    mutation UpdateUserContactStatus($userContactId: ID!, $status: String!) {
  postUpdateUserContactStatus(userContactId: $userContactId, status: $status) {
    message
  }
}
    `) as unknown as TypedDocumentString<UpdateUserContactStatusMutation, UpdateUserContactStatusMutationVariables>;
export const TransactionsCsvImportsDocument = new TypedDocumentString(`
    query TransactionsCsvImports($kinds: [String!]!, $pagination: PaginationInput) {
  csvImports(kinds: $kinds, pagination: $pagination) {
    list {
      id
      kind
      fileName
      contentHash
      rowCount
      appliedCount
      adminUserName
      importedAt
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<TransactionsCsvImportsQuery, TransactionsCsvImportsQueryVariables>;
export const TransactionsPlansDocument = new TypedDocumentString(`
    query TransactionsPlans {
  plans {
    id
    name
    coinType
    price
  }
}
    `) as unknown as TypedDocumentString<TransactionsPlansQuery, TransactionsPlansQueryVariables>;
export const TransactionsRatesSummaryDocument = new TypedDocumentString(`
    query TransactionsRatesSummary($confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime!, $deadlineDatetime: DateTime!, $BTCHECRate: String, $BTCETHRate: String) {
  ratesAndBTCAmountAtDeadlineDate(
    confirmedAtFrom: $confirmedAtFrom
    confirmedAtUntil: $confirmedAtUntil
    deadlineDatetime: $deadlineDatetime
    BTCHECRate: $BTCHECRate
    BTCETHRate: $BTCETHRate
  ) {
    confirmedAtFrom
    confirmedAtUntil
    deadlineDatetime
    BTCAmountToBuyETH
    BTCAmountToBuyHEC
    BTCHEC
    BTCETH
    paymentCounts
    fingerprint
    amountETH
    amountHEC
  }
}
    `) as unknown as TypedDocumentString<TransactionsRatesSummaryQuery, TransactionsRatesSummaryQueryVariables>;
export const TransactionsAssignRatesDocument = new TypedDocumentString(`
    mutation TransactionsAssignRates($startAt: String, $endAt: String!, $deadline: String!, $BTCHECRate: String!, $BTCETHRate: String!, $fingerprint: String!) {
  postAssignRates(
    startAt: $startAt
    endAt: $endAt
    deadline: $deadline
    BTCHECRate: $BTCHECRate
    BTCETHRate: $BTCETHRate
    fingerprint: $fingerprint
  ) {
    message
    countPayments
    amountETH
    amountHEC
  }
}
    `) as unknown as TypedDocumentString<TransactionsAssignRatesMutation, TransactionsAssignRatesMutationVariables>;
export const TransactionsAddPaymentDocument = new TypedDocumentString(`
    mutation TransactionsAddPayment($userId: Int!, $planId: Int!, $paidUsd: Int!, $assetETH: Decimal!, $assetHEC: Decimal!, $confirmedAt: DateTime, $clientKey: String) {
  postAddUserPayment(
    userId: $userId
    planId: $planId
    paidUsd: $paidUsd
    assetETH: $assetETH
    assetHEC: $assetHEC
    confirmedAt: $confirmedAt
    clientKey: $clientKey
  ) {
    userPaymentId
    userName
  }
}
    `) as unknown as TypedDocumentString<TransactionsAddPaymentMutation, TransactionsAddPaymentMutationVariables>;
export const TransactionsImportProgressDocument = new TypedDocumentString(`
    query TransactionsImportProgress($key: String!) {
  csvImportProgress(key: $key) {
    phase
    rowsRead
    bytesRead
    byteSize
  }
}
    `) as unknown as TypedDocumentString<TransactionsImportProgressQuery, TransactionsImportProgressQueryVariables>;
export const TransactionsUnfixedDocument = new TypedDocumentString(`
    query TransactionsUnfixed($confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime!, $pagination: PaginationInput) {
  assetUnFixedPayments(
    confirmedAtFrom: $confirmedAtFrom
    confirmedAtUntil: $confirmedAtUntil
    pagination: $pagination
  ) {
    list {
      userPaymentId
      userName
      planName
      paidBtc
      confirmedAt
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<TransactionsUnfixedQuery, TransactionsUnfixedQueryVariables>;
export const TransactionsImportRunDocument = new TypedDocumentString(`
    query TransactionsImportRun($id: ID!) {
  csvImportRun(id: $id) {
    outcome
    report {
      ...TransactionsCsvImportReport
    }
    refusal {
      message
      extensions
    }
  }
}
    fragment TransactionsCsvImportReport on CsvImportReport {
  dryRun
  fileName
  contentHash
  encoding
  rowCount
  count
  invalidRowCount
  errorCount
  applicableRowCount
  notApplicableReason
  totals {
    name
    value
  }
  errors {
    line
    column
    code
    params
    message
  }
  rows {
    line
    values {
      name
      value
    }
  }
  alreadyImported {
    id
    importedAt
    adminUserName
  }
  imported {
    id
    appliedCount
  }
}`) as unknown as TypedDocumentString<TransactionsImportRunQuery, TransactionsImportRunQueryVariables>;
export const TransactionsUploadPaymentsDocument = new TypedDocumentString(`
    mutation TransactionsUploadPayments($file: Upload!, $dryRun: Boolean, $progressKey: String, $fingerprint: String) {
  postAddUserPaymentsByCSV(
    file: $file
    dryRun: $dryRun
    progressKey: $progressKey
    fingerprint: $fingerprint
    background: true
  ) {
    ...TransactionsCsvReport
  }
}
    fragment TransactionsCsvReport on PaymentsCsvResult {
  runId
}`) as unknown as TypedDocumentString<TransactionsUploadPaymentsMutation, TransactionsUploadPaymentsMutationVariables>;
export const TransactionsUploadRatesDocument = new TypedDocumentString(`
    mutation TransactionsUploadRates($file: Upload!, $dryRun: Boolean, $progressKey: String, $fingerprint: String) {
  postAssignRatesByCSV(
    file: $file
    dryRun: $dryRun
    progressKey: $progressKey
    fingerprint: $fingerprint
    background: true
  ) {
    ...TransactionsCsvReport
  }
}
    fragment TransactionsCsvReport on PaymentsCsvResult {
  runId
}`) as unknown as TypedDocumentString<TransactionsUploadRatesMutation, TransactionsUploadRatesMutationVariables>;
export const HecSavingPlansDocument = new TypedDocumentString(`
    query HecSavingPlans {
  hecSavingPlans {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<HecSavingPlansQuery, HecSavingPlansQueryVariables>;
export const UserAffiliateSavingRemittanceHistoryDocument = new TypedDocumentString(`
    query UserAffiliateSavingRemittanceHistory($userId: Int!, $pagination: PaginationInput) {
  userAffiliateSavingRemittanceHistory(userId: $userId, pagination: $pagination) {
    remittances {
      id
      confirmedAt
      sentHec
      hecPrincipal
      atemPrincipal
      usdValuation
      address
    }
    totalSentHec
    totalHecPrincipal
    totalAtemPrincipal
    totalUsdValuation
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<UserAffiliateSavingRemittanceHistoryQuery, UserAffiliateSavingRemittanceHistoryQueryVariables>;
export const UserAssetDocument = new TypedDocumentString(`
    query UserAsset($userId: Int!) {
  userAsset(userId: $userId) {
    totalBuyAmountUsd
    totalETHAmount
    totalHECAmount
    totalETHStakedAmount
    totalHECStakedAmount
    totalETHAffiliateReward
    totalHECAffiliateReward
    totalETHProportionalReward
    totalHECProportionalReward
    totalETHStakingReward
    totalHECStakingReward
  }
}
    `) as unknown as TypedDocumentString<UserAssetQuery, UserAssetQueryVariables>;
export const UserHecSavingDetailDocument = new TypedDocumentString(`
    query UserHecSavingDetail($userId: Int!) {
  userHecSavingDetail(input: {userId: $userId}) {
    oneYearPlanRate
    twoYearPlanRate
    threeYearPlanRate
    fiveYearPlanRate
    oneYearPlanPrincipal
    twoYearPlanPrincipal
    threeYearPlanPrincipal
    fiveYearPlanPrincipal
    oneYearPlanRewards
    twoYearPlanRewards
    threeYearPlanRewards
    fiveYearPlanRewards
    totalRewards
    userPreBonusRate
    userCardStatusBonusRate
  }
}
    `) as unknown as TypedDocumentString<UserHecSavingDetailQuery, UserHecSavingDetailQueryVariables>;
export const UserHecSavingRemittanceHistoryDocument = new TypedDocumentString(`
    query UserHecSavingRemittanceHistory($userId: Int!, $pagination: PaginationInput) {
  userHecSavingRemittanceHistory(userId: $userId, pagination: $pagination) {
    remittances {
      id
      confirmedAt
      planName
      sentHec
      usdValue
      address
      transactionHash
    }
    totalSentHec
    totalOneYearPlanHec
    totalTwoYearsPlanHec
    totalThreeYearsPlanHec
    totalFiveYearsPlanHec
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<UserHecSavingRemittanceHistoryQuery, UserHecSavingRemittanceHistoryQueryVariables>;
export const UserReferralPlanDetailDocument = new TypedDocumentString(`
    query UserReferralPlanDetail($userId: Int!) {
  userReferralPlanDetail(input: {userId: $userId}) {
    totalRemittedHec
    totalUsdValuation
    totalHecPrincipal
    totalAtemAmount
    rewardRate
    rewardsBasedOnInterest
    referralRewards
    bonusRewards
    numberOfRemittances
  }
}
    `) as unknown as TypedDocumentString<UserReferralPlanDetailQuery, UserReferralPlanDetailQueryVariables>;
export const UserRewardSnapshotDocument = new TypedDocumentString(`
    query UserRewardSnapshot($userId: Int!, $rewardDate: String, $planId: Int) {
  userRewardSnapshot(userId: $userId, rewardDate: $rewardDate, planId: $planId) {
    rewardDate
    remittances {
      id
      confirmedDate
      maturityDate
      amount
      totalAmount
      baseRate
      tierRate
      lockRate
      totalBonus
      plan
      planId
      aubeRate
      aubeReward
      usdRate
      totalUsd
      owlAube
      owlRate
      owlReward
    }
    totalSentHec
    totalSentUSD
    totalAubeReward
    totalOwlReward
  }
}
    `) as unknown as TypedDocumentString<UserRewardSnapshotQuery, UserRewardSnapshotQueryVariables>;
export const UserStakingInfoDocument = new TypedDocumentString(`
    query UserStakingInfo($userId: Int!) {
  userStakingInfo(userId: $userId) {
    stakingInfos {
      planId
      coinType
      currentBalance
      depositedAube
      aubeReward
      owlReward
      aubeRate
      owlRate
      walletAddress
    }
    remittanceHistories {
      id
      planName
      confirmedAt
      address
      sentHec
      usdValue
      transactionHash
    }
  }
}
    `) as unknown as TypedDocumentString<UserStakingInfoQuery, UserStakingInfoQueryVariables>;
export const UserWithdrawalHistoryDocument = new TypedDocumentString(`
    query UserWithdrawalHistory($userId: Int!, $kind: WithdrawalKind, $status: WithdrawalStatus, $pagination: PaginationInput) {
  userWithdrawalHistory(
    userId: $userId
    kind: $kind
    status: $status
    pagination: $pagination
  ) {
    list {
      id
      kind
      status
      requestedAt
      processingAt
      completedAt
      failedAt
      rejectedAt
      coinType
      amount
      fee
      netAmount
      paidAmounts {
        coin
        amount
        fee
        netAmount
      }
      receiverAddress
      transactionHash
      rejectReason
      failureReason
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<UserWithdrawalHistoryQuery, UserWithdrawalHistoryQueryVariables>;
export const UserDocument = new TypedDocumentString(`
    query User($userId: Int!) {
  user(userId: $userId) {
    id
    userName
    inviteCode
    cardStatus
    totalHECStakedAmount
    totalETHStakedAmount
    totalBuyAmountUsd
    savingRewardsRate
    referralRate
    registeredAt
    totalSentAmount
    totalOwl
    parentId
    parentUserName
    aubeUserInfo {
      email
      aubeUserIdHash
      firstName
      lastName
      birthDate
      enrollmentMonth
      forceClubRegisteredAt
      forceClubIdHash
    }
    userDetail {
      avatarUrl
      phoneNumber
      twoFactor
      bio
      defaultLocale
    }
  }
}
    `) as unknown as TypedDocumentString<UserQuery, UserQueryVariables>;
export const UsersDocument = new TypedDocumentString(`
    query Users($userName: String, $inviteCode: String, $email: String, $forceClubIdHash: String, $totalBuyAmountMoreThanOrEqual: Decimal, $totalBuyAmountLessThanOrEqual: Decimal, $cardStatus: [Int!], $registeredAtFrom: DateTime, $registeredAtUntil: DateTime, $pagination: PaginationInput) {
  users(
    userName: $userName
    inviteCode: $inviteCode
    email: $email
    forceClubIdHash: $forceClubIdHash
    totalBuyAmountMoreThanOrEqual: $totalBuyAmountMoreThanOrEqual
    totalBuyAmountLessThanOrEqual: $totalBuyAmountLessThanOrEqual
    cardStatus: $cardStatus
    registeredAtFrom: $registeredAtFrom
    registeredAtUntil: $registeredAtUntil
    pagination: $pagination
  ) {
    list {
      id
      userName
      inviteCode
      cardStatus
      totalHECStakedAmount
      totalETHStakedAmount
      totalBuyAmountUsd
      savingRewardsRate
      referralRate
      registeredAt
      totalSentAmount
      totalOwl
      aubeUserInfo {
        email
        aubeUserIdHash
        firstName
        lastName
        forceClubIdHash
      }
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<UsersQuery, UsersQueryVariables>;
export const WithdrawalExportBatchesDocument = new TypedDocumentString(`
    query WithdrawalExportBatches($kind: WithdrawalKind!, $pagination: PaginationInput) {
  withdrawalExportBatches(kind: $kind, pagination: $pagination) {
    list {
      id
      layout
      adminUserName
      createdAt
      requestCount
      fileSha256
      totals {
        coin
        transfers
        amount
      }
      files {
        layout
        fileName
        fileSha256
      }
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<WithdrawalExportBatchesQuery, WithdrawalExportBatchesQueryVariables>;
export const ApproveWithdrawalRequestsDocument = new TypedDocumentString(`
    mutation ApproveWithdrawalRequests($requests: [WithdrawalApprovalInput!]!) {
  postApproveWithdrawalRequests(requests: $requests) {
    ...WithdrawalActionAnswer
  }
}
    fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
  changedCount
  refusedCount
  results {
    id
    outcome
    status
    reason
    message
  }
  requests {
    ...WithdrawalRequestRow
  }
}
fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`) as unknown as TypedDocumentString<ApproveWithdrawalRequestsMutation, ApproveWithdrawalRequestsMutationVariables>;
export const RejectWithdrawalRequestsDocument = new TypedDocumentString(`
    mutation RejectWithdrawalRequests($ids: [ID!]!, $reasonCode: WithdrawalRejectCode!, $reasonText: String!) {
  postRejectWithdrawalRequests(
    ids: $ids
    reasonCode: $reasonCode
    reasonText: $reasonText
  ) {
    ...WithdrawalActionAnswer
  }
}
    fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
  changedCount
  refusedCount
  results {
    id
    outcome
    status
    reason
    message
  }
  requests {
    ...WithdrawalRequestRow
  }
}
fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`) as unknown as TypedDocumentString<RejectWithdrawalRequestsMutation, RejectWithdrawalRequestsMutationVariables>;
export const WithdrawalMatchingPreviewDocument = new TypedDocumentString(`
    query WithdrawalMatchingPreview($kind: WithdrawalKind!, $searchParams: WithdrawalSearchParams) {
  withdrawalMatchingPreview(kind: $kind, searchParams: $searchParams) {
    count
    fingerprint
  }
}
    `) as unknown as TypedDocumentString<WithdrawalMatchingPreviewQuery, WithdrawalMatchingPreviewQueryVariables>;
export const ApproveMatchingWithdrawalRequestsDocument = new TypedDocumentString(`
    mutation ApproveMatchingWithdrawalRequests($kind: WithdrawalKind!, $searchParams: WithdrawalSearchParams, $expectedCount: Int!, $fingerprint: String!) {
  postApproveMatchingWithdrawalRequests(
    kind: $kind
    searchParams: $searchParams
    expectedCount: $expectedCount
    fingerprint: $fingerprint
  ) {
    ...WithdrawalActionAnswer
  }
}
    fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
  changedCount
  refusedCount
  results {
    id
    outcome
    status
    reason
    message
  }
  requests {
    ...WithdrawalRequestRow
  }
}
fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`) as unknown as TypedDocumentString<ApproveMatchingWithdrawalRequestsMutation, ApproveMatchingWithdrawalRequestsMutationVariables>;
export const RejectMatchingWithdrawalRequestsDocument = new TypedDocumentString(`
    mutation RejectMatchingWithdrawalRequests($kind: WithdrawalKind!, $searchParams: WithdrawalSearchParams, $expectedCount: Int!, $fingerprint: String!, $reasonCode: WithdrawalRejectCode!, $reasonText: String!) {
  postRejectMatchingWithdrawalRequests(
    kind: $kind
    searchParams: $searchParams
    expectedCount: $expectedCount
    fingerprint: $fingerprint
    reasonCode: $reasonCode
    reasonText: $reasonText
  ) {
    ...WithdrawalActionAnswer
  }
}
    fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
  changedCount
  refusedCount
  results {
    id
    outcome
    status
    reason
    message
  }
  requests {
    ...WithdrawalRequestRow
  }
}
fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`) as unknown as TypedDocumentString<RejectMatchingWithdrawalRequestsMutation, RejectMatchingWithdrawalRequestsMutationVariables>;
export const FailWithdrawalRequestsDocument = new TypedDocumentString(`
    mutation FailWithdrawalRequests($ids: [ID!]!, $reason: String!) {
  postFailWithdrawalRequests(ids: $ids, reason: $reason) {
    ...WithdrawalActionAnswer
  }
}
    fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
  changedCount
  refusedCount
  results {
    id
    outcome
    status
    reason
    message
  }
  requests {
    ...WithdrawalRequestRow
  }
}
fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`) as unknown as TypedDocumentString<FailWithdrawalRequestsMutation, FailWithdrawalRequestsMutationVariables>;
export const WithdrawalSigningExportPreviewDocument = new TypedDocumentString(`
    query WithdrawalSigningExportPreview($kind: WithdrawalKind!, $searchParams: WithdrawalSearchParams) {
  withdrawalSigningExportPreview(kind: $kind, searchParams: $searchParams) {
    count
    fingerprint
    totals {
      coin
      transfers
      amount
    }
    underApprovedIds
  }
}
    `) as unknown as TypedDocumentString<WithdrawalSigningExportPreviewQuery, WithdrawalSigningExportPreviewQueryVariables>;
export const WithdrawalSigningExportDocument = new TypedDocumentString(`
    mutation WithdrawalSigningExport($kind: WithdrawalKind!, $layout: WithdrawalSigningLayout!, $searchParams: WithdrawalSearchParams, $expectedCount: Int!, $fingerprint: String!, $clientKey: String!) {
  postWithdrawalSigningExport(
    kind: $kind
    layout: $layout
    searchParams: $searchParams
    expectedCount: $expectedCount
    fingerprint: $fingerprint
    clientKey: $clientKey
  ) {
    url
    fileName
    batch {
      id
      requestCount
      fileSha256
    }
  }
}
    `) as unknown as TypedDocumentString<WithdrawalSigningExportMutation, WithdrawalSigningExportMutationVariables>;
export const WithdrawalExportBatchCsvDocument = new TypedDocumentString(`
    query WithdrawalExportBatchCsv($batchId: ID!, $layout: WithdrawalSigningLayout) {
  withdrawalExportBatchCsv(batchId: $batchId, layout: $layout) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<WithdrawalExportBatchCsvQuery, WithdrawalExportBatchCsvQueryVariables>;
export const WithdrawalTransactionsUploadDocument = new TypedDocumentString(`
    mutation WithdrawalTransactionsUpload($kind: WithdrawalKind!, $file: Upload!, $dryRun: Boolean, $fingerprint: String) {
  postWithdrawalTransactionsByCSV(
    kind: $kind
    file: $file
    dryRun: $dryRun
    fingerprint: $fingerprint
  ) {
    messageCode
    messageParams
    countTransactions
    isSuccess
    report {
      contentHash
      rowCount
      invalidRowCount
      errorCount
      applicableRowCount
      notApplicableReason
      errors {
        line
        column
        code
        params
        message
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WithdrawalTransactionsUploadMutation, WithdrawalTransactionsUploadMutationVariables>;
export const WithdrawalRequestsDocument = new TypedDocumentString(`
    query WithdrawalRequests($kind: WithdrawalKind!, $input: WithdrawalListInput) {
  withdrawalRequests(kind: $kind, input: $input) {
    list {
      ...WithdrawalRequestRow
    }
    pagination {
      offset
      totalRecords
    }
    statusCounts {
      status
      count
    }
  }
}
    fragment WithdrawalRequestRow on WithdrawalRequest {
  id
  kind
  status
  revision
  requestedAt
  createdAt
  userId
  userName
  email
  userRegisteredAt
  aubeUserIdHash
  forceClubIdHash
  userSavingSentValueId
  userAffiliateSavingSentValueId
  userPaymentPaidValueId
  coinTypeName
  requestedAmount
  fee
  netAmount
  paidAmounts {
    coin
    amount
    fee
    netAmount
  }
  ethAmount {
    principal
    reward
    fee
  }
  hecAmount {
    principal
    reward
    fee
  }
  metaxEmail
  receiverAddress
  ethReceiverAddress
  transactionHash
  ethTransactionHash
  rejectCode
  rejectReason
  failureReason
  exportBatchId
  requiredApprovals
  approvals {
    adminUserId
    adminUserName
    approvedAt
  }
  awaitingOver24h
  context {
    userCount24h
    userAmount24h
    userCount30d
    userAmount30d
    addressFirstSeenAt
    addressOtherUsers
  }
}`) as unknown as TypedDocumentString<WithdrawalRequestsQuery, WithdrawalRequestsQueryVariables>;
export const WithdrawalRequestTimelineDocument = new TypedDocumentString(`
    query WithdrawalRequestTimeline($id: ID!) {
  withdrawalRequestTimeline(id: $id) {
    at
    operation
    adminUserName
    fromStatus
    toStatus
    approvals
    requiredApprovals
    rejectCode
    rejectReason
    failureReason
    transactionHash
    ethTransactionHash
    exportBatchId
  }
}
    `) as unknown as TypedDocumentString<WithdrawalRequestTimelineQuery, WithdrawalRequestTimelineQueryVariables>;
export const WithdrawalApprovalThresholdsDocument = new TypedDocumentString(`
    query WithdrawalApprovalThresholds {
  withdrawalApprovalThresholds {
    ...ApprovalThreshold
  }
}
    fragment ApprovalThreshold on WithdrawalApprovalThreshold {
  coinType
  secondApprovalAbove
  pendingChange {
    id
    coinType
    fromValue
    toValue
    proposedByAdminUserId
    proposedByAdminUserName
    proposedAt
  }
}`) as unknown as TypedDocumentString<WithdrawalApprovalThresholdsQuery, WithdrawalApprovalThresholdsQueryVariables>;
export const UpdateWithdrawalApprovalThresholdDocument = new TypedDocumentString(`
    mutation UpdateWithdrawalApprovalThreshold($coinType: String!, $secondApprovalAbove: Decimal!) {
  postUpdateWithdrawalApprovalThreshold(
    coinType: $coinType
    secondApprovalAbove: $secondApprovalAbove
  ) {
    ...ApprovalThreshold
  }
}
    fragment ApprovalThreshold on WithdrawalApprovalThreshold {
  coinType
  secondApprovalAbove
  pendingChange {
    id
    coinType
    fromValue
    toValue
    proposedByAdminUserId
    proposedByAdminUserName
    proposedAt
  }
}`) as unknown as TypedDocumentString<UpdateWithdrawalApprovalThresholdMutation, UpdateWithdrawalApprovalThresholdMutationVariables>;
export const ConfirmWithdrawalApprovalThresholdChangeDocument = new TypedDocumentString(`
    mutation ConfirmWithdrawalApprovalThresholdChange($id: ID!) {
  postConfirmWithdrawalApprovalThresholdChange(id: $id) {
    ...ApprovalThreshold
  }
}
    fragment ApprovalThreshold on WithdrawalApprovalThreshold {
  coinType
  secondApprovalAbove
  pendingChange {
    id
    coinType
    fromValue
    toValue
    proposedByAdminUserId
    proposedByAdminUserName
    proposedAt
  }
}`) as unknown as TypedDocumentString<ConfirmWithdrawalApprovalThresholdChangeMutation, ConfirmWithdrawalApprovalThresholdChangeMutationVariables>;
export const CancelWithdrawalApprovalThresholdChangeDocument = new TypedDocumentString(`
    mutation CancelWithdrawalApprovalThresholdChange($id: ID!) {
  postCancelWithdrawalApprovalThresholdChange(id: $id) {
    ...ApprovalThreshold
  }
}
    fragment ApprovalThreshold on WithdrawalApprovalThreshold {
  coinType
  secondApprovalAbove
  pendingChange {
    id
    coinType
    fromValue
    toValue
    proposedByAdminUserId
    proposedByAdminUserName
    proposedAt
  }
}`) as unknown as TypedDocumentString<CancelWithdrawalApprovalThresholdChangeMutation, CancelWithdrawalApprovalThresholdChangeMutationVariables>;
export const CurrentAdminDocument = new TypedDocumentString(`
    query CurrentAdmin {
  adminUser {
    id
    userName
    email
    roles {
      name
      description
    }
  }
}
    `) as unknown as TypedDocumentString<CurrentAdminQuery, CurrentAdminQueryVariables>;
export const UserNamesDocument = new TypedDocumentString(`
    query UserNames($userName: String, $pagination: PaginationInput) {
  userNames(userName: $userName, pagination: $pagination) {
    list {
      id
      userName
    }
  }
}
    `) as unknown as TypedDocumentString<UserNamesQuery, UserNamesQueryVariables>;
export const UserPaymentsDocument = new TypedDocumentString(`
    query UserPayments($input: UserPaymentsInput) {
  userPayments(input: $input) {
    list {
      userPaymentId
      userId
      userName
      planName
      priceUsd
      paidUsd
      paidBtc
      paymentAddress
      confirmedAt
      canceledAt
      assetFixedAt
      status
      amountETH
      amountHEC
    }
    pagination {
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<UserPaymentsQuery, UserPaymentsQueryVariables>;
export const UsersCsvDocument = new TypedDocumentString(`
    query UsersCsv($userName: String, $inviteCode: String, $email: String, $forceClubIdHash: String, $totalBuyAmountMoreThanOrEqual: Decimal, $totalBuyAmountLessThanOrEqual: Decimal, $cardStatus: [Int!], $registeredAtFrom: DateTime, $registeredAtUntil: DateTime, $sort: SortInput) {
  usersCSV(
    userName: $userName
    inviteCode: $inviteCode
    email: $email
    forceClubIdHash: $forceClubIdHash
    totalBuyAmountMoreThanOrEqual: $totalBuyAmountMoreThanOrEqual
    totalBuyAmountLessThanOrEqual: $totalBuyAmountLessThanOrEqual
    cardStatus: $cardStatus
    registeredAtFrom: $registeredAtFrom
    registeredAtUntil: $registeredAtUntil
    sort: $sort
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<UsersCsvQuery, UsersCsvQueryVariables>;
export const UserPaymentsCsvDocument = new TypedDocumentString(`
    query UserPaymentsCsv($userId: Int, $userName: String, $paymentStatus: String, $confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime, $assetFixedAtFrom: DateTime, $assetFixedAtUntil: DateTime, $sort: SortInput, $version: Int) {
  userPaymentsCSV(
    userId: $userId
    userName: $userName
    paymentStatus: $paymentStatus
    confirmedAtFrom: $confirmedAtFrom
    confirmedAtUntil: $confirmedAtUntil
    assetFixedAtFrom: $assetFixedAtFrom
    assetFixedAtUntil: $assetFixedAtUntil
    sort: $sort
    version: $version
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<UserPaymentsCsvQuery, UserPaymentsCsvQueryVariables>;
export const AuditLogsCsvDocument = new TypedDocumentString(`
    query AuditLogsCsv($adminUserId: Int, $operation: String, $targetType: String, $targetId: String, $dateFrom: DateTime, $dateUntil: DateTime, $refusals: Boolean, $sort: SortInput) {
  auditLogsCsv(
    adminUserId: $adminUserId
    operation: $operation
    targetType: $targetType
    targetId: $targetId
    dateFrom: $dateFrom
    dateUntil: $dateUntil
    refusals: $refusals
    sort: $sort
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<AuditLogsCsvQuery, AuditLogsCsvQueryVariables>;
export const ReferralRewardsCsvDocument = new TypedDocumentString(`
    query ReferralRewardsCsv($userName: String, $email: String, $forceClubId: String, $sort: SortInput) {
  referralRewardsCsv(
    userName: $userName
    email: $email
    forceClubId: $forceClubId
    sort: $sort
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<ReferralRewardsCsvQuery, ReferralRewardsCsvQueryVariables>;
export const AffiliateSavingAggregatesCsvDocument = new TypedDocumentString(`
    query AffiliateSavingAggregatesCsv($userName: String, $email: String, $forceClubId: String, $sort: SortInput) {
  affiliateSavingAggregatesCsv(
    userName: $userName
    email: $email
    forceClubId: $forceClubId
    sort: $sort
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<AffiliateSavingAggregatesCsvQuery, AffiliateSavingAggregatesCsvQueryVariables>;
export const HecSavingRemittanceHistoryCsvDocument = new TypedDocumentString(`
    query HecSavingRemittanceHistoryCsv($userName: String, $planName: String, $confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime, $sort: SortInput) {
  hecSavingRemittanceHistoryCsv(
    userName: $userName
    planName: $planName
    confirmedAtFrom: $confirmedAtFrom
    confirmedAtUntil: $confirmedAtUntil
    sort: $sort
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<HecSavingRemittanceHistoryCsvQuery, HecSavingRemittanceHistoryCsvQueryVariables>;
export const ReferralPlanRemittanceHistoryCsvDocument = new TypedDocumentString(`
    query ReferralPlanRemittanceHistoryCsv($userName: String, $email: String, $confirmedAtFrom: DateTime, $confirmedAtUntil: DateTime, $sort: SortInput) {
  referralPlanRemittanceHistoryCsv(
    userName: $userName
    email: $email
    confirmedAtFrom: $confirmedAtFrom
    confirmedAtUntil: $confirmedAtUntil
    sort: $sort
  ) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<ReferralPlanRemittanceHistoryCsvQuery, ReferralPlanRemittanceHistoryCsvQueryVariables>;
export const HecSavingAddressesCsvDocument = new TypedDocumentString(`
    query HecSavingAddressesCsv($userName: String, $email: String, $sort: SortInput) {
  hecSavingAddressesCsv(userName: $userName, email: $email, sort: $sort) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<HecSavingAddressesCsvQuery, HecSavingAddressesCsvQueryVariables>;