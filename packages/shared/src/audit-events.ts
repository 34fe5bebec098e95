import type {
  ContactStatus,
  PaymentStatus,
  WithdrawalKind,
  WithdrawalRejectCode,
  WithdrawalStatus,
} from './domain-values';

/**
 * The audit trail's events, declared once: each operation's name, the type of record it
 * targets and the shape of the summary it stores. The API writes an event only through this
 * registry (`withAudit('postSignIn', …)` does not compile for an unknown name or a summary of
 * another shape), and the web derives from it the audit log's operation filter, the labels
 * (a test fails on an operation without a Japanese or English text) and the withdrawal
 * timeline's types. Shapes are the JSON as stored (dates are ISO strings); a writer may hand
 * more fields than a shape names, readers rely only on the named ones. Renaming an operation
 * or changing a stored shape is a data change: rows already in the chain keep the old form.
 */

/** Plain JSON, as an audit summary is stored (jsonb). */
export type AuditJson =
  string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

export const AUDIT_TARGET_TYPES = [
  'admin_user',
  'notification',
  'user_contact',
  'user_contact_file',
  'payment',
  'rate_assignment',
  'csv_import',
  'export',
  'withdrawal_request',
  'withdrawal_export_batch',
  'withdrawal_approval_threshold',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

// Type-only: carries an event's summary shapes; no value ever holds it.
declare const SHAPES: unique symbol;

/**
 * One event: a change (`{before, after}` written with the change, in its transaction), facts
 * (a summary of its own, such as a failed sign-in), or both (an import's apply and its dry run).
 */
export type AuditEventDeclaration<T extends AuditTargetType, B, A, F> = {
  readonly targetType: T;
  readonly change: boolean;
  readonly facts: boolean;
  readonly [SHAPES]?: { before: B; after: A; facts: F };
};

const change =
  <B, A>() =>
  <T extends AuditTargetType>(targetType: T): AuditEventDeclaration<T, B, A, never> => ({
    targetType,
    change: true,
    facts: false,
  });

const facts =
  <F>() =>
  <T extends AuditTargetType>(targetType: T): AuditEventDeclaration<T, never, never, F> => ({
    targetType,
    change: false,
    facts: true,
  });

const changeAndFacts =
  <B, A, F>() =>
  <T extends AuditTargetType>(targetType: T): AuditEventDeclaration<T, B, A, F> => ({
    targetType,
    change: true,
    facts: true,
  });

/** An admin account as the trail keeps it (never its password hash). */
export type AdminUserSummary = { id: number; userName: string; email: string; roles: string[] };

export type NotificationSummary = {
  id: number;
  title: string;
  content: string;
  language: string;
  isPublic: boolean;
  notifiedAt: string;
};

export type PaymentSummary = {
  userPaymentId: string;
  userId: number;
  planName: string;
  paidUsd: string;
  status: PaymentStatus;
  confirmedAt: string | null;
  assetFixedAt: string | null;
  amountETH: string | null;
  amountHEC: string | null;
};

/** A CSV import applied: what the file was and what it changed. */
export type ImportAppliedSummary = {
  kind: string;
  importId: string | null;
  fileName: string;
  contentHash: string;
  rowCount: number;
  appliedCount: number;
  totals: { [key: string]: string };
};

/** A CSV file checked without applying it (a dry run). */
export type ImportCheckedSummary = {
  fileName: string;
  contentHash: string;
  rowCount: number;
  errorCount: number;
};

/**
 * A background upload stored with its run and job (issue 36): the job writes the apply's
 * change (or the dry run's facts) later, under the same request.
 */
export type ImportQueuedSummary = {
  queued: true;
  runId: string;
  fileName: string;
  byteSize: number;
  dryRun: boolean;
};

/** A message written on an inquiry. */
export type ContactMessageSummary = {
  messageId: string;
  kind: 'reply' | 'note';
  body: string;
  mailSendId: string | null;
  toAddress: string | null;
};

export type ThresholdSummary = { coinType: string; secondApprovalAbove: string };

/** A withdrawal request's state before a change. */
export type WithdrawalBefore = { status: WithdrawalStatus; revision: number | null };

/** A request after an approval of it was voided: the approvals left and whose was voided. */
export type VoidedApproval = {
  status: WithdrawalStatus;
  revision: number;
  approvals: number;
  requiredApprovals: number;
  voidedApprover: { id: number; userName: string };
};

export const AUDIT_EVENTS = {
  // Sessions and two-factor authentication (auth-service.ts, reauth.ts).
  postSignIn: change<null, { tokenExpiresAt: string; twoFactor: boolean }>()('admin_user'),
  signInFailed: facts<{ reason: 'password' | 'totp' }>()('admin_user'),
  signInThrottled: facts<{ blockedForSeconds: number; perAccount: boolean }>()('admin_user'),
  /** `during`: the operation that asked for the password again. */
  reauthFailed: facts<{ during: string; blockedForSeconds: number }>()('admin_user'),
  postSignOut: change<null, null>()('admin_user'),
  postSignOutEverywhere: change<null, { revokedTokens: number }>()('admin_user'),
  postStartTotpEnrollment: change<null, { pending: boolean }>()('admin_user'),
  postConfirmTotpEnrollment: change<{ twoFactor: boolean }, { twoFactor: boolean }>()('admin_user'),
  postDisableTotp: change<{ twoFactor: boolean }, { twoFactor: boolean }>()('admin_user'),
  /** A signed-in admin refused some fields (security-events.ts). */
  accessRefused: facts<{ fields: string[]; reason: string | null }>()('admin_user'),
  /**
   * A business action refused with a reason (issue 33: LIST_CHANGED, APPROVALS_MISSING,
   * ALREADY_IMPORTED, INVALID_ROWS, …): the field, its code, reason and params, written in
   * its own transaction since the action's was rolled back (security-events.ts).
   */
  actionRefused: facts<{
    field: string;
    code: string;
    reason: string | null;
    params: AuditJson;
  }>()('admin_user'),
  /** A request refused outside GraphQL: upload gate, download link, check report (refusal-audit.ts). */
  requestRefused: facts<{
    gate: 'upload' | 'download' | 'checkReport';
    method: string;
    path: string;
    status: number;
    code: string;
    reason: string | null;
  }>()('admin_user'),

  // Admin accounts (admin-users-service.ts).
  postAddNewAdminUser: change<
    null,
    AdminUserSummary & { mustChangePassword: boolean; pendingGrants?: string[] }
  >()('admin_user'),
  postUpdateAdminUserProfile: change<
    AdminUserSummary,
    AdminUserSummary & { passwordChanged: boolean; revokedTokens: number }
  >()('admin_user'),
  /** pendingGrants: the approving roles that wait for a second super admin. */
  postAddRoleToUser: change<
    AdminUserSummary,
    (AdminUserSummary & { pendingGrants?: string[] }) | null
  >()('admin_user'),
  /** voidedApprovals: requests whose approval by this admin was voided (no approving role left). */
  postDeleteRoleFromUser: change<
    AdminUserSummary,
    (AdminUserSummary & { voidedApprovals?: string[]; withdrawnGrants?: string[] }) | null
  >()('admin_user'),
  postDeleteAdminUser: change<AdminUserSummary, null>()('admin_user'),
  /** A second super admin confirmed or withdrew a pending grant of an approving role. */
  postConfirmAdminRoleGrant: change<
    AdminUserSummary,
    AdminUserSummary & { grant: string; role: string; proposedBy: string }
  >()('admin_user'),
  postCancelAdminRoleGrant: change<
    AdminUserSummary & { pendingGrant: { id: string; role: string } },
    AdminUserSummary & { withdrawnGrant: string }
  >()('admin_user'),

  // Notifications and mail (mail-service.ts).
  postCreateNotification: change<null, NotificationSummary>()('notification'),
  postUpdateNotification: change<NotificationSummary, NotificationSummary>()('notification'),
  postDeleteNotification: change<NotificationSummary, null>()('notification'),
  postSendTestMail: change<null, { mailSendId: string; audience: 'test'; toAddress: string }>()(
    'notification',
  ),
  postSendMail: change<
    null,
    {
      mailSendId: string;
      audience: 'locale' | 'users';
      language: string;
      userIds: number[] | null;
      recipientCount: number;
      expandedByJob: boolean;
    }
  >()('notification'),

  // Support inquiries (support-service.ts).
  postAssignAdminUserToUserContact: change<
    { assignee: { id: number; userName: string } | null },
    { assignee: { id: number; userName: string } | null }
  >()('user_contact'),
  postUpdateUserContactStatus: change<{ status: ContactStatus }, { status: ContactStatus }>()(
    'user_contact',
  ),
  /** A reply mailed to the user (mailSendId, toAddress) or an internal note (both null). */
  postReplyToUserContact: change<null, ContactMessageSummary>()('user_contact'),
  postAddNoteToUserContact: change<null, ContactMessageSummary>()('user_contact'),
  downloadUserContactFile: change<
    null,
    { userContactId: string; fileName: string; sizeBytes: number }
  >()('user_contact_file'),

  // Payments (payments-service.ts).
  postAddUserPayment: change<null, PaymentSummary>()('payment'),
  /** A retried add-payment (same admin, same client key) answered with its first payment. */
  postAddUserPaymentReplay: change<
    null,
    { replayed: boolean; clientKey: string; userPaymentId: string }
  >()('payment'),
  postAddUserPaymentsByCSV: changeAndFacts<
    null,
    ImportAppliedSummary,
    (ImportCheckedSummary & { dryRun: true }) | ImportQueuedSummary
  >()('csv_import'),
  postAssignRates: change<
    null,
    {
      rateAssignmentId: number;
      startAt: string | null;
      endAt: string;
      deadline: string;
      BTCHECRate: string;
      BTCETHRate: string;
      countPayments: number;
      amountETH: string;
      amountHEC: string;
    }
  >()('rate_assignment'),
  postAssignRatesByCSV: changeAndFacts<
    null,
    ImportAppliedSummary,
    (ImportCheckedSummary & { dryRun: true }) | ImportQueuedSummary
  >()('csv_import'),

  // Withdrawal requests (withdrawal-actions.ts, withdrawal-exports.ts, withdrawal-uploads.ts).
  postApproveWithdrawalRequests: change<
    WithdrawalBefore & { approvals: number },
    { status: WithdrawalStatus; revision: number; approvals: number; requiredApprovals: number }
  >()('withdrawal_request'),
  postApproveMatchingWithdrawalRequests: change<
    WithdrawalBefore & { approvals: number },
    { status: WithdrawalStatus; revision: number; approvals: number; requiredApprovals: number }
  >()('withdrawal_request'),
  postRejectWithdrawalRequests: change<
    WithdrawalBefore,
    {
      status: WithdrawalStatus;
      revision: number;
      rejectCode: WithdrawalRejectCode;
      rejectReason: string;
    }
  >()('withdrawal_request'),
  postRejectMatchingWithdrawalRequests: change<
    WithdrawalBefore,
    {
      status: WithdrawalStatus;
      revision: number;
      rejectCode: WithdrawalRejectCode;
      rejectReason: string;
    }
  >()('withdrawal_request'),
  postFailWithdrawalRequests: change<
    WithdrawalBefore,
    { status: WithdrawalStatus; revision: number; failureReason: string }
  >()('withdrawal_request'),
  withdrawalExport: change<
    WithdrawalBefore,
    {
      status: WithdrawalStatus;
      revision: number | null;
      exportBatchId: string;
      layout: 'v1' | 'v2';
      fileSha256: string;
    }
  >()('withdrawal_request'),
  /** A retried export answered with its first batch (nothing exported again). */
  withdrawalExportReplay: change<
    null,
    { replayed: boolean; clientKey: string; requestCount: number }
  >()('withdrawal_export_batch'),
  withdrawalTransactionsUpload: change<
    { status: WithdrawalStatus },
    {
      status: WithdrawalStatus;
      revision: number;
      /** Null for a principal withdrawal that sends no HEC (an ETH plan's payment). */
      transactionHash: string | null;
      ethTransactionHash: string | null;
      importId: string | null;
      fileName: string | null;
      contentHash: string | null;
    }
  >()('withdrawal_request'),
  /**
   * An approval voided because its admin lost every approving role (demoted) or was deleted,
   * written with that change: the request needs the approval again (docs/domain.md).
   */
  withdrawalApprovalVoidedByDemotion: change<
    WithdrawalBefore & { approvals: number },
    VoidedApproval
  >()('withdrawal_request'),
  withdrawalApprovalVoidedByDeletion: change<
    WithdrawalBefore & { approvals: number },
    VoidedApproval
  >()('withdrawal_request'),
  withdrawalTransactionsUploadDryRun: facts<ImportCheckedSummary & { kind: WithdrawalKind }>()(
    'csv_import',
  ),

  // Approval thresholds (withdrawal-thresholds.ts).
  postUpdateWithdrawalApprovalThreshold: change<
    ThresholdSummary,
    ThresholdSummary & {
      applied: boolean;
      supersededChange?: string;
      proposedChange?: { id: string; toValue: string };
    }
  >()('withdrawal_approval_threshold'),
  postConfirmWithdrawalApprovalThresholdChange: change<
    ThresholdSummary,
    ThresholdSummary & { change: string; proposedBy: string | null; proposedAt: string }
  >()('withdrawal_approval_threshold'),
  postCancelWithdrawalApprovalThresholdChange: change<
    ThresholdSummary & { pendingChange: { id: string; toValue: string } },
    ThresholdSummary & { withdrawnChange: string }
  >()('withdrawal_approval_threshold'),

  // Downloads (exports-service.ts, check-report-route.ts).
  downloadExport: facts<{
    export: string;
    /** The export's filters as its link carried them. */
    filters: { [key: string]: unknown };
    rows: number;
    complete: boolean;
  }>()('export'),
  downloadCheckReport: facts<{ kind: string; fileName: string; rowCount: number }>()('csv_import'),
};

export type AuditEvents = typeof AUDIT_EVENTS;
export type AuditOperation = keyof AuditEvents;

type ShapesOf<O extends AuditOperation> = NonNullable<AuditEvents[O][typeof SHAPES]>;
/** The stored `before` of a change event. */
export type AuditBefore<O extends AuditOperation> = ShapesOf<O>['before'];
/** The stored `after` of a change event. */
export type AuditAfter<O extends AuditOperation> = ShapesOf<O>['after'];
/** The stored summary of a facts event. */
export type AuditFacts<O extends AuditOperation> = ShapesOf<O>['facts'];
export type AuditTargetOf<O extends AuditOperation> = AuditEvents[O]['targetType'];

/** The operations written with a change (`withAudit`, `withAuditEach`). */
export type AuditChangeOperation = {
  [O in AuditOperation]: [AuditBefore<O>] extends [never] ? never : O;
}[AuditOperation];

/** The operations written as facts (`record`). */
export type AuditFactsOperation = {
  [O in AuditOperation]: [AuditFacts<O>] extends [never] ? never : O;
}[AuditOperation];

/** The operations that target records of type `T`. */
export type AuditOperationOf<T extends AuditTargetType> = {
  [O in AuditOperation]: AuditTargetOf<O> extends T ? O : never;
}[AuditOperation];

/** A change event's stored summary, typed by its operation. */
export type AuditChangeSummary<O extends AuditChangeOperation> = {
  before: AuditBefore<O>;
  after: AuditAfter<O>;
};

/** Every operation, in declaration order (the audit log's operation filter). */
export const AUDIT_OPERATIONS = Object.keys(AUDIT_EVENTS) as AuditOperation[];

/** The events that record a refusal (the audit log's "refusals" filter). */
export const REFUSAL_OPERATIONS = [
  'accessRefused',
  'actionRefused',
  'requestRefused',
] as const satisfies readonly AuditOperation[];

export function isAuditOperation(value: string): value is AuditOperation {
  return Object.prototype.hasOwnProperty.call(AUDIT_EVENTS, value);
}

/** The operations that target records of `targetType`, in declaration order. */
export function auditOperationsOf<T extends AuditTargetType>(targetType: T): AuditOperationOf<T>[] {
  return AUDIT_OPERATIONS.filter(
    (operation) => AUDIT_EVENTS[operation].targetType === targetType,
  ) as AuditOperationOf<T>[];
}

/**
 * The changes a withdrawal request's timeline shows (every event that targets one), and the
 * request itself, which is not an audit row but the request's own requested_at.
 */
export type WithdrawalTimelineOperation = 'requested' | AuditOperationOf<'withdrawal_request'>;
export const WITHDRAWAL_TIMELINE_OPERATIONS: readonly WithdrawalTimelineOperation[] = [
  'requested',
  ...auditOperationsOf('withdrawal_request'),
];
