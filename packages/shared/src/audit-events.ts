import type { PaymentStatus, WithdrawalStatus } from './domain-values';
import { AUDIT_OPERATION_KINDS } from './audit-operations';

/**
 * The audit trail's events: each operation's name, the type of record it targets and the
 * shape of the summary it stores. A write's event is declared in its command file
 * (`defineCommand({ name, event: change<Before, After>()('user_contact'), … })`, apps/api);
 * the events no command writes are declared here (OTHER_AUDIT_EVENTS). `npm run codegen`
 * prints every operation with its target type and kind (audit-operations.ts), from which the
 * web derives the audit log's operation filter, the labels (a test fails on an operation
 * without a Japanese or English text) and the withdrawal timeline's types. The API writes an
 * event only through its declaration (a handler's `audit.change(work)` does not compile for a
 * summary of another shape). Shapes are the JSON as stored (dates are ISO strings); a writer
 * may hand more fields than a shape names, readers rely only on the named ones. Renaming an
 * operation or changing a stored shape is a data change: rows already in the chain keep the
 * old form.
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
type AuditEventDeclaration<T extends AuditTargetType, B, A, F> = {
  readonly targetType: T;
  readonly change: boolean;
  readonly facts: boolean;
  readonly [SHAPES]?: { before: B; after: A; facts: F };
};

/** How an operation is written: with a change, as facts, or both. */
export type AuditEventKind = 'change' | 'facts' | 'changeAndFacts';

/** An operation as the printed registry (audit-operations.ts) lists it. */
export type AuditOperationKind = { targetType: AuditTargetType; kind: AuditEventKind };

/** Any event's declaration, whatever its shapes. */
export type AnyAuditEventDeclaration = {
  readonly targetType: AuditTargetType;
  readonly change: boolean;
  readonly facts: boolean;
};

/** A declaration with its operation's name, as the writer takes it. */
export type NamedAuditEvent<
  N extends string = string,
  D extends AnyAuditEventDeclaration = AnyAuditEventDeclaration,
> = D & { readonly name: N };

/** A change event: its record's `before` and `after`, written with the change. */
export const change =
  <B, A>() =>
  <T extends AuditTargetType>(targetType: T): AuditEventDeclaration<T, B, A, never> => ({
    targetType,
    change: true,
    facts: false,
  });

/** A facts event: a summary of its own, written in its own transaction (`record`). */
export const facts =
  <F>() =>
  <T extends AuditTargetType>(targetType: T): AuditEventDeclaration<T, never, never, F> => ({
    targetType,
    change: false,
    facts: true,
  });

/** Both: an import's apply (a change) and its dry run (facts) under one operation. */
export const changeAndFacts =
  <B, A, F>() =>
  <T extends AuditTargetType>(targetType: T): AuditEventDeclaration<T, B, A, F> => ({
    targetType,
    change: true,
    facts: true,
  });

/** Names an event declared outside a command (one several writes share, by role). */
export const namedEvent = <const N extends string, D extends AnyAuditEventDeclaration>(
  name: N,
  declaration: D,
): NamedAuditEvent<N, D> => ({ ...declaration, name });

/** Names each event of a map by its key. */
function namedEvents<M extends Record<string, AnyAuditEventDeclaration>>(
  events: M,
): { [K in keyof M & string]: NamedAuditEvent<K, M[K]> } {
  return Object.fromEntries(
    Object.entries(events).map(([name, declaration]) => [name, namedEvent(name, declaration)]),
  ) as { [K in keyof M & string]: NamedAuditEvent<K, M[K]> };
}

type ShapesOf<D> = D extends { readonly [SHAPES]?: infer S } ? NonNullable<S> : never;
/** The stored `before` of a change event. */
export type BeforeOf<D> = ShapesOf<D> extends { before: infer B } ? B : never;
/** The stored `after` of a change event. */
export type AfterOf<D> = ShapesOf<D> extends { after: infer A } ? A : never;
/** The stored summary of a facts event. */
export type FactsOf<D> = ShapesOf<D> extends { facts: infer F } ? F : never;
/** Whether an event is written with a change (`withAudit`, `audit.change`). */
export type IsChange<D> = [BeforeOf<D>] extends [never] ? false : true;
/** Whether an event is written as facts (`record`). */
export type IsFacts<D> = [FactsOf<D>] extends [never] ? false : true;

/** A change event's stored summary. */
export type ChangeSummaryOf<D> = { before: BeforeOf<D>; after: AfterOf<D> };

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
type VoidedApproval = {
  status: WithdrawalStatus;
  revision: number;
  approvals: number;
  requiredApprovals: number;
  voidedApprover: { id: number; userName: string };
};

/**
 * The events no command declares (a command's event is declared in its file, defineCommand's
 * `event`): what sign-in writes before anything changes, the refusals, the changes another
 * change causes (approvals voided), and the downloads. Kept in this one small file rather than
 * beside each writer: the writers are spread over the API's platform and modules, and the
 * printed registry (audit-operations.ts) reads them from here.
 */
export const OTHER_AUDIT_EVENTS = namedEvents({
  signInFailed: facts<{ reason: 'password' | 'totp' }>()('admin_user'),
  signInThrottled: facts<{ blockedForSeconds: number; perAccount: boolean }>()('admin_user'),
  /** `during`: the operation that asked for the password again. */
  reauthFailed: facts<{ during: string; blockedForSeconds: number }>()('admin_user'),
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
  downloadUserContactFile: change<
    null,
    { userContactId: string; fileName: string; sizeBytes: number }
  >()('user_contact_file'),
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
  downloadExport: facts<{
    export: string;
    /** The export's filters as its link carried them. */
    filters: { [key: string]: unknown };
    rows: number;
    complete: boolean;
  }>()('export'),
  downloadCheckReport: facts<{ kind: string; fileName: string; rowCount: number }>()('csv_import'),
});
export type OtherAuditEvents = typeof OTHER_AUDIT_EVENTS;
/** An event no command declares, by its name (`audit.record(actor, 'signInFailed', …)`). */
export type OtherAuditOperation = keyof OtherAuditEvents;

/** The change events no command declares, by name. */
export type OtherChangeOperation = {
  [O in OtherAuditOperation]: IsChange<OtherAuditEvents[O]> extends true ? O : never;
}[OtherAuditOperation];

/** The facts events no command declares, by name. */
export type OtherFactsOperation = {
  [O in OtherAuditOperation]: IsFacts<OtherAuditEvents[O]> extends true ? O : never;
}[OtherAuditOperation];

/** Every operation (printed by `npm run codegen`, audit-operations.ts). */
export type AuditOperation = keyof typeof AUDIT_OPERATION_KINDS;
type AuditTargetOf<O extends AuditOperation> = (typeof AUDIT_OPERATION_KINDS)[O]['targetType'];

/** The operations that target records of type `T`. */
export type AuditOperationOf<T extends AuditTargetType> = {
  [O in AuditOperation]: AuditTargetOf<O> extends T ? O : never;
}[AuditOperation];

/** Every operation, grouped by target type (the audit log's operation filter). */
export const AUDIT_OPERATIONS = Object.keys(AUDIT_OPERATION_KINDS) as AuditOperation[];

/** The events that record a refusal (the audit log's "refusals" filter). */
export const REFUSAL_OPERATIONS = [
  'accessRefused',
  'actionRefused',
  'requestRefused',
] as const satisfies readonly AuditOperation[];

export function isAuditOperation(value: string): value is AuditOperation {
  return Object.prototype.hasOwnProperty.call(AUDIT_OPERATION_KINDS, value);
}

/** The operations that target records of `targetType`, in the printed order. */
function auditOperationsOf<T extends AuditTargetType>(targetType: T): AuditOperationOf<T>[] {
  return AUDIT_OPERATIONS.filter(
    (operation) => AUDIT_OPERATION_KINDS[operation].targetType === targetType,
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
