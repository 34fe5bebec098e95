import type { Transaction } from 'kysely';
import {
  WITHDRAWAL_MACHINE,
  WITHDRAWAL_REJECT_CODES,
  canTransition,
  isOneOf,
  type WithdrawalRejectCode,
  type WithdrawalStatus,
} from '@app/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { badInput, notOneOf } from '../../shared/list-input';
import { requiredText } from '../../shared/required-text';
import {
  checkFingerprintInput,
  confirmSet,
  setFingerprint,
  type Confirmation,
  type ConfirmedSet,
  type ConfirmedSetWrite,
} from '../../platform/confirmed-set';
import type { AuditChange, AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import { approverFor, type Approver } from '../admin-users/approval-rule';
import {
  APPROVE_MATCHING_SET,
  APPROVE_MATCHING_WITHDRAWALS,
  APPROVE_WITHDRAWALS,
  FAIL_WITHDRAWALS,
  REJECT_MATCHING_SET,
  REJECT_MATCHING_WITHDRAWALS,
  REJECT_WITHDRAWALS,
} from './withdrawal-commands';
import * as repo from './withdrawal-actions-repository';
import {
  lockMatchingSet,
  type MatchingRow,
  type WithdrawalsFilter,
} from './withdrawals-repository';

/** At most this many requests per approve/reject call (one transaction, one lock set). */
export const MAX_REQUESTS_PER_ACTION = 1000;

export type ActionOutcome =
  'approved' | 'awaitingSecondApproval' | 'rejected' | 'failed' | 'refused';

/** Why a request of a call was left unchanged. */
export type RefusalReason =
  | 'NOT_FOUND'
  | 'ILLEGAL_TRANSITION'
  | 'STALE_REVISION'
  | 'ALREADY_APPROVED_BY_YOU'
  | 'NOT_A_SECOND_PERSON'
  | 'LIST_CHANGED';

export type ActionResult = {
  id: string;
  outcome: ActionOutcome;
  status: WithdrawalStatus | null;
  revision: number | null;
  reason: RefusalReason | null;
  message: string | null;
};

export type ActionAnswer = {
  results: ActionResult[];
  changedCount: number;
  refusedCount: number;
};

/** An approval's audit row (the ids form and the filter form store the same shape). */
type ApprovalChange = AuditChange<'postApproveWithdrawalRequests'>;

/** A request moved to rejected or failed: its state before and after, the reason added by the caller. */
type Moved = {
  id: string;
  before: { status: WithdrawalStatus; revision: number };
  after: { status: WithdrawalStatus; revision: number };
};

type AuditEach = Pick<AuditService, 'withAuditEach'>;

function refused(
  id: string,
  reason: RefusalReason,
  message: string,
  row?: repo.LockedRequest,
): ActionResult {
  return {
    id,
    outcome: 'refused',
    status: row?.status ?? null,
    revision: row?.revision ?? null,
    reason,
    message,
  };
}

function illegal(row: repo.LockedRequest, to: WithdrawalStatus): ActionResult {
  return refused(
    row.id,
    'ILLEGAL_TRANSITION',
    `Withdrawal request ${row.id} is ${row.status} and cannot become ${to}.`,
    row,
  );
}

/** The approver: always the session's admin (never an argument). */
function approver(actor: Actor): { id: number; name: string } {
  if (actor.adminUserId === null || actor.adminUserName === null)
    throw new AppError('FORBIDDEN', 'Only a signed-in admin can approve a withdrawal.');
  return { id: actor.adminUserId, name: actor.adminUserName };
}

/**
 * Ends a call: when no request of it could change, the call is a CONFLICT (nothing was
 * written, so the transaction has nothing to keep); else the answer lists every request.
 */
function finish<C>(results: ActionResult[], changes: C[]): { result: ActionAnswer; changes: C[] } {
  const refusedCount = results.filter((r) => r.outcome === 'refused').length;
  if (changes.length === 0) {
    const first = results.find((r) => r.outcome === 'refused');
    // The first refusal says why, in the reason registry's words: a request that does not
    // exist is a RECORD_NOT_FOUND like any other record's.
    const reason = first?.reason ?? 'ILLEGAL_TRANSITION';
    throw new AppError('CONFLICT', first?.message ?? 'Nothing to change.', {
      reason: reason === 'NOT_FOUND' ? 'RECORD_NOT_FOUND' : reason,
      params: {
        record: 'withdrawalRequest',
        id: first?.id ?? '',
        ...(first?.status ? { from: first.status } : {}),
        refusedCount,
      },
      results,
    });
  }
  return { result: { results, changedCount: changes.length, refusedCount }, changes };
}

function checkIds(ids: readonly string[]): string[] {
  if (ids.length === 0) throw badInput('ids', 'name at least one withdrawal request.');
  if (ids.length > MAX_REQUESTS_PER_ACTION)
    throw badInput('ids', `at most ${MAX_REQUESTS_PER_ACTION} requests per call.`);
  for (const id of ids)
    if (!/^[1-9][0-9]{0,18}$/.test(id)) throw badInput('ids', `${id} is not an id.`);
  return [...new Set(ids)];
}

function checkRejection(
  code: string,
  reason: string,
): { rejectCode: WithdrawalRejectCode; rejectReason: string } {
  if (!isOneOf(WITHDRAWAL_REJECT_CODES, code))
    throw notOneOf('reasonCode', WITHDRAWAL_REJECT_CODES);
  return { rejectCode: code, rejectReason: requiredText('reasonText', reason, 500) };
}

/**
 * At most this many requests per "all N matching this filter" call: one transaction locks
 * them all, so the cap bounds its locks and time (a larger set is narrowed by the filter).
 */
export const MAX_MATCHING_PER_ACTION = 5000;

export function checkExpectedCount(expectedCount: number): void {
  if (!Number.isInteger(expectedCount) || expectedCount < 1)
    throw badInput('expectedCount', 'must be the number of matching requests shown (1 or more).');
  if (expectedCount > MAX_MATCHING_PER_ACTION)
    throw badInput(
      'expectedCount',
      `at most ${MAX_MATCHING_PER_ACTION} requests per call; narrow the filter.`,
    );
}

/** What a write on "the requests matching this filter" was confirmed with. */
export type SetConfirmation = Confirmation;

/** The set of requests a filter matches (its fingerprint's scope is the filter). */
export function matchingFingerprint(
  filter: WithdrawalsFilter,
  rows: readonly MatchingRow[],
): ConfirmedSet {
  return setFingerprint({ withdrawals: filter }, rows);
}

/** More than an action may take: the filter must be narrowed. */
export function tooManyMatching(): AppError {
  return badInput(
    'searchParams',
    `more than ${MAX_MATCHING_PER_ACTION} requests match; narrow the filter.`,
    { code: 'tooManyMatching', params: { max: MAX_MATCHING_PER_ACTION } },
  );
}

/**
 * Locks the requests matching a list's filter and checks, through the one confirmed-set
 * helper, that they are exactly the set the operator confirmed (its fingerprint: the same ids
 * at the same revisions); otherwise nothing changes (CONFLICT, reason LIST_CHANGED). Also the
 * rule of the signing export (withdrawal-exports.ts).
 */
export async function lockMatching(
  trx: Transaction<DB>,
  write: ConfirmedSetWrite,
  filter: WithdrawalsFilter,
  confirmed: SetConfirmation,
): Promise<string[]> {
  const rows = await lockMatchingSet(trx, filter, MAX_MATCHING_PER_ACTION + 1);
  if (rows.length > MAX_MATCHING_PER_ACTION) throw tooManyMatching();
  confirmSet(write, confirmed, matchingFingerprint(filter, rows));
  return rows.map((r) => r.id);
}

export type ApprovalInput = { id: string; revision: number };

/** Approve, reject and mark failed: one transaction per call, one audit row per change. */
export function createWithdrawalActions(audit: AuditEach) {
  return {
    /**
     * Approves each request at the revision its admin saw. A request above its coin's
     * threshold needs a second admin: the first approval leaves it `requested` (awaiting a
     * second approval); nobody approves twice, whatever their role, and the second must be a
     * second person (the approval rule, admin-users/approval-rule.ts).
     */
    approve: (actor: Actor, requests: readonly ApprovalInput[]): Promise<ActionAnswer> => {
      approver(actor);
      const ids = checkIds(requests.map((r) => r.id));
      return audit.withAuditEach(actor, APPROVE_WITHDRAWALS.name, async (trx) => {
        const admin = await approverFor(trx, actor, APPROVE_WITHDRAWALS.name);
        return approveEach(trx, admin, await repo.lockRequests(trx, ids), requests);
      });
    },

    /**
     * "All N matching this filter": approves every request the list shows for `filter`, if
     * they are still exactly the set the operator confirmed (its fingerprint; the
     * `expectedCount` shown). Each at the revision read under its lock in this transaction;
     * otherwise exactly the rules of `approve`.
     */
    approveMatching: (
      actor: Actor,
      filter: WithdrawalsFilter,
      confirmed: SetConfirmation & { expectedCount: number },
    ): Promise<ActionAnswer> => {
      approver(actor);
      checkExpectedCount(confirmed.expectedCount);
      checkFingerprintInput(confirmed.fingerprint);
      return audit.withAuditEach(actor, APPROVE_MATCHING_WITHDRAWALS.name, async (trx) => {
        const admin = await approverFor(trx, actor, APPROVE_MATCHING_WITHDRAWALS.name);
        // lockMatching took the rows' one lock; their state is read under it, and each is
        // approved at the revision read here, the one the confirmed fingerprint holds.
        const ids = await lockMatching(trx, APPROVE_MATCHING_SET, filter, confirmed);
        return approveEach(trx, admin, await repo.readLockedRequests(trx, ids), null);
      });
    },

    /** "All N matching this filter" for rejection: the rules of `reject` and `approveMatching`. */
    rejectMatching: (
      actor: Actor,
      filter: WithdrawalsFilter,
      confirmed: SetConfirmation & { expectedCount: number },
      code: string,
      reason: string,
    ): Promise<ActionAnswer> => {
      checkExpectedCount(confirmed.expectedCount);
      checkFingerprintInput(confirmed.fingerprint);
      const extra = checkRejection(code, reason);
      return audit.withAuditEach(actor, REJECT_MATCHING_WITHDRAWALS.name, async (trx) => {
        const ids = await lockMatching(trx, REJECT_MATCHING_SET, filter, confirmed);
        const moved = await moveEach(
          trx,
          ids,
          await repo.readLockedRequests(trx, ids),
          'rejected',
          extra,
        );
        return withReason(moved, extra);
      });
    },

    /** Rejects requested, approved or processing requests with a reason code and text. */
    reject: (
      actor: Actor,
      rawIds: readonly string[],
      code: string,
      reason: string,
    ): Promise<ActionAnswer> => {
      const ids = checkIds(rawIds);
      const extra = checkRejection(code, reason);
      return audit.withAuditEach(actor, REJECT_WITHDRAWALS.name, async (trx) => {
        return withReason(
          await moveEach(trx, ids, await repo.lockRequests(trx, ids), 'rejected', extra),
          extra,
        );
      });
    },

    /** Marks processing requests whose send failed as failed, with the reason. */
    markFailed: (
      actor: Actor,
      rawIds: readonly string[],
      reason: string,
    ): Promise<ActionAnswer> => {
      const ids = checkIds(rawIds);
      const text = requiredText('reason', reason, 500);
      return audit.withAuditEach(actor, FAIL_WITHDRAWALS.name, async (trx) => {
        const extra = { failureReason: text };
        return withReason(
          await moveEach(trx, ids, await repo.lockRequests(trx, ids), 'failed', extra),
          extra,
        );
      });
    },
  };
}

/**
 * Approves each of the locked requests (shared by the ids form and the filter form, in one
 * transaction with the caller's audit rows). The ids form names the revision each admin saw
 * (`requests`), and a request changed since is refused as STALE_REVISION; the filter form
 * (`requests` null) approves each request as read under its lock. An approval beside others
 * counts only if the approval rule says it is a second person's (ALREADY_APPROVED_BY_YOU for
 * the same admin, NOT_A_SECOND_PERSON for an account the first approver created or promoted).
 * An approved request short of approvals (an approval voided when its admin was demoted or
 * deleted, or a threshold lowered since) takes the approvals it lacks and stays approved.
 */
async function approveEach(
  trx: Transaction<DB>,
  admin: Approver,
  locked: readonly repo.LockedRequest[],
  requests: readonly ApprovalInput[] | null,
): Promise<{ result: ActionAnswer; changes: ApprovalChange[] }> {
  const rows = new Map(locked.map((r) => [r.id, r]));
  const asked: ReadonlyArray<{ id: string; revision: number | null }> =
    requests ?? locked.map((r) => ({ id: r.id, revision: null }));
  const approvers = new Map<string, Array<number | null>>();
  for (const approval of await repo.approvalsOf(trx, [...rows.keys()]))
    approvers.set(approval.requestId, [
      ...(approvers.get(approval.requestId) ?? []),
      approval.adminUserId,
    ]);
  const results: ActionResult[] = [];
  const changes: ApprovalChange[] = [];
  const seen = new Set<string>();
  for (const input of asked) {
    if (seen.has(input.id)) continue;
    seen.add(input.id);
    const row = rows.get(input.id);
    if (!row) {
      results.push(refused(input.id, 'NOT_FOUND', `Withdrawal request ${input.id} was not found.`));
      continue;
    }
    const shortOfApprovals = row.status === 'approved' && row.approvalCount < row.requiredApprovals;
    if (!shortOfApprovals && !canTransition(WITHDRAWAL_MACHINE, row.status, 'approved')) {
      results.push(illegal(row, 'approved'));
      continue;
    }
    const refusal = admin.refusalAgainst(approvers.get(row.id) ?? []);
    if (refusal?.relation === 'same') {
      results.push(
        refused(
          row.id,
          'ALREADY_APPROVED_BY_YOU',
          `You have already approved withdrawal request ${row.id}; a second admin must approve it.`,
          row,
        ),
      );
      continue;
    }
    if (refusal) {
      results.push(
        refused(
          row.id,
          'NOT_A_SECOND_PERSON',
          `Withdrawal request ${row.id} was approved first by the admin who ${refusal.relation === 'created' ? 'created your account' : 'gave you your approving role'}; a second person must approve it.`,
          row,
        ),
      );
      continue;
    }
    if (input.revision !== null && row.revision !== input.revision) {
      results.push(
        refused(
          row.id,
          'STALE_REVISION',
          `Withdrawal request ${row.id} changed since you saw it (revision ${input.revision}, now ${row.revision}). Reload and check it again.`,
          row,
        ),
      );
      continue;
    }
    await repo.insertApproval(trx, {
      requestId: row.id,
      adminUserId: admin.id,
      adminUserName: admin.name,
      revision: row.revision,
    });
    const count = row.approvalCount + 1;
    const complete = count >= row.requiredApprovals;
    const after =
      complete && row.status !== 'approved'
        ? await repo.setStatus(trx, row.id, 'approved')
        : await repo.touchApproved(trx, row.id);
    results.push({
      id: row.id,
      outcome: complete ? 'approved' : 'awaitingSecondApproval',
      status: after.status,
      revision: after.revision,
      reason: null,
      message: null,
    });
    changes.push({
      targetIds: [row.id],
      before: { status: row.status, revision: row.revision, approvals: row.approvalCount },
      after: {
        status: after.status,
        revision: after.revision,
        approvals: count,
        requiredApprovals: row.requiredApprovals,
      },
    });
  }
  return finish(results, changes);
}

/** Moves each of the named requests on (`locked`: their rows, read under their lock). */
async function moveEach(
  trx: Transaction<DB>,
  ids: readonly string[],
  locked: readonly repo.LockedRequest[],
  to: 'rejected' | 'failed',
  extra: { rejectCode?: string; rejectReason?: string; failureReason?: string },
): Promise<{ result: ActionAnswer; changes: Moved[] }> {
  const rows = new Map(locked.map((r) => [r.id, r]));
  const results: ActionResult[] = [];
  const changes: Moved[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) {
      results.push(refused(id, 'NOT_FOUND', `Withdrawal request ${id} was not found.`));
      continue;
    }
    if (!canTransition(WITHDRAWAL_MACHINE, row.status, to)) {
      results.push(illegal(row, to));
      continue;
    }
    const after = await repo.setStatus(trx, id, to, extra);
    results.push({
      id,
      outcome: to,
      status: after.status,
      revision: after.revision,
      reason: null,
      message: null,
    });
    changes.push({
      id,
      before: { status: row.status, revision: row.revision },
      after: { status: after.status, revision: after.revision },
    });
  }
  return finish(results, changes);
}

/** The audit rows of moved requests: each one's state before, and after with the reason. */
function withReason<R extends object>(
  moved: { result: ActionAnswer; changes: Moved[] },
  reason: R,
): {
  result: ActionAnswer;
  changes: Array<{ targetIds: string[]; before: Moved['before']; after: Moved['after'] & R }>;
} {
  return {
    result: moved.result,
    changes: moved.changes.map((m) => ({
      targetIds: [m.id],
      before: m.before,
      after: { ...m.after, ...reason },
    })),
  };
}

export type WithdrawalActions = ReturnType<typeof createWithdrawalActions>;
