import {
  WITHDRAWAL_TIMELINE_OPERATIONS,
  isOneOf,
  type AuditOperationOf,
  type ChangeSummaryOf,
  type WithdrawalRejectCode,
  type WithdrawalStatus,
  type WithdrawalTimelineOperation,
} from '@app/shared';
import type { AuditEvents } from '../audit/audit-event-types';
import type { AuditRowView } from '../audit/audit-service';

/**
 * One step of a request's history, typed from the audit events that target a withdrawal
 * request (each declared by its command, printed by `npm run codegen`): the web words and
 * renders each field itself.
 */
export type TimelineEvent = {
  at: Date;
  operation: WithdrawalTimelineOperation;
  adminUserName: string | null;
  fromStatus: WithdrawalStatus | null;
  toStatus: WithdrawalStatus | null;
  /** Approvals after an approval, and how many the request needs. */
  approvals: number | null;
  requiredApprovals: number | null;
  rejectCode: WithdrawalRejectCode | null;
  rejectReason: string | null;
  failureReason: string | null;
  transactionHash: string | null;
  ethTransactionHash: string | null;
  exportBatchId: string | null;
};

type RequestOperation = AuditOperationOf<'withdrawal_request'>;

/** An audit row of a request, its summary typed by its operation. */
type RequestEvent = {
  [O in RequestOperation]: { operation: O; summary: ChangeSummaryOf<AuditEvents[O]> };
}[RequestOperation];

type TimelineFacts = Omit<
  TimelineEvent,
  'at' | 'operation' | 'adminUserName' | 'fromStatus' | 'toStatus'
>;

const NO_FACTS: TimelineFacts = {
  approvals: null,
  requiredApprovals: null,
  rejectCode: null,
  rejectReason: null,
  failureReason: null,
  transactionHash: null,
  ethTransactionHash: null,
  exportBatchId: null,
};

/** The facts each event adds; a new event of a request does not compile until handled here. */
function factsOf(event: RequestEvent): TimelineFacts {
  switch (event.operation) {
    case 'postApproveWithdrawalRequests':
    case 'postApproveMatchingWithdrawalRequests':
    case 'withdrawalApprovalVoidedByDemotion':
    case 'withdrawalApprovalVoidedByDeletion':
      return {
        ...NO_FACTS,
        approvals: event.summary.after.approvals,
        requiredApprovals: event.summary.after.requiredApprovals,
      };
    case 'postRejectWithdrawalRequests':
    case 'postRejectMatchingWithdrawalRequests':
      return {
        ...NO_FACTS,
        rejectCode: event.summary.after.rejectCode,
        rejectReason: event.summary.after.rejectReason,
      };
    case 'postFailWithdrawalRequests':
      return { ...NO_FACTS, failureReason: event.summary.after.failureReason };
    case 'withdrawalExport':
      return { ...NO_FACTS, exportBatchId: event.summary.after.exportBatchId };
    case 'withdrawalTransactionsUpload':
      return {
        ...NO_FACTS,
        transactionHash: event.summary.after.transactionHash,
        ethTransactionHash: event.summary.after.ethTransactionHash,
      };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The request itself, the first step of every timeline. */
export function requestedEvent(requestedAt: Date): TimelineEvent {
  return {
    at: requestedAt,
    operation: 'requested',
    adminUserName: null,
    fromStatus: null,
    toStatus: 'requested',
    ...NO_FACTS,
  };
}

/**
 * A request's audit row as a timeline step. Every operation that targets a request is
 * registered; a row of another (none is written today) is left out rather than guessed at.
 */
export function timelineEventOf(row: AuditRowView): TimelineEvent | null {
  if (row.operation === 'requested' || !isOneOf(WITHDRAWAL_TIMELINE_OPERATIONS, row.operation))
    return null;
  // The one place the stored JSON takes its type: the registry typed every writer of it.
  const event = { operation: row.operation, summary: row.summary } as unknown as RequestEvent;
  return {
    at: new Date(row.occurredAt),
    operation: event.operation,
    adminUserName: row.adminUserName,
    fromStatus: event.summary.before.status,
    toStatus: event.summary.after.status,
    ...factsOf(event),
  };
}
