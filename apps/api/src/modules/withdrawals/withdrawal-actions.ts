import type { Transaction } from 'kysely';
import {
  WITHDRAWAL_MACHINE,
  WITHDRAWAL_REJECT_CODES,
  canTransition,
  change,
  isOneOf,
  type NamedAuditEvent,
  type WithdrawalBefore,
  type WithdrawalRejectCode,
  type WithdrawalStatus,
} from '@app/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { badInput, notOneOf } from '../../shared/list-input';
import { requiredText } from '../../shared/required-text';
import { WITHDRAWAL_KINDS } from '../../db/tables/domain-tables';
import { inputObject } from '../../platform/commands';
import {
  checkFingerprintInput,
  confirmSet,
  FINGERPRINT_INPUT,
  setFingerprint,
  type Confirmation,
  type ConfirmedSet,
  type ConfirmedSetWrite,
} from '../../platform/confirmed-set';
import type { AuditChange } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import type { Approver } from '../admin-users/approval-rule';
import * as repo from './withdrawal-actions-repository';
import type { WithdrawalSearchInput } from './withdrawals-list';
import {
  lockMatchingSet,
  type MatchingRow,
  type WithdrawalsFilter,
} from './withdrawals-repository';

/** At most this many requests per approve/reject call (one transaction, one lock set). */
const MAX_REQUESTS_PER_ACTION = 1000;

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

/**
 * The event of an approval, by ids or by filter (commands/approve-requests.ts,
 * approve-matching.ts): both store the same shape, each under its own name.
 */
export const APPROVAL_EVENT = change<
  WithdrawalBefore & { approvals: number },
  { status: WithdrawalStatus; revision: number; approvals: number; requiredApprovals: number }
>()('withdrawal_request');

/** The event of a rejection, by ids or by filter (commands/reject-requests.ts, reject-matching.ts). */
export const REJECTION_EVENT = change<
  WithdrawalBefore,
  {
    status: WithdrawalStatus;
    revision: number;
    rejectCode: WithdrawalRejectCode;
    rejectReason: string;
  }
>()('withdrawal_request');

/** An approval's audit row (the ids form and the filter form store the same shape). */
type ApprovalChange = AuditChange<NamedAuditEvent<string, typeof APPROVAL_EVENT>>;

/** A request moved to rejected or failed: its state before and after, the reason added by the caller. */
type Moved = {
  id: string;
  before: { status: WithdrawalStatus; revision: number };
  after: { status: WithdrawalStatus; revision: number };
};

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
export function approver(actor: Actor): { id: number; name: string } {
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

export function checkIds(ids: readonly string[]): string[] {
  if (ids.length === 0) throw badInput('ids', 'name at least one withdrawal request.');
  if (ids.length > MAX_REQUESTS_PER_ACTION)
    throw badInput('ids', `at most ${MAX_REQUESTS_PER_ACTION} requests per call.`);
  for (const id of ids)
    if (!/^[1-9][0-9]{0,18}$/.test(id)) throw badInput('ids', `${id} is not an id.`);
  return [...new Set(ids)];
}

export function checkRejection(
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
type SetConfirmation = Confirmation;

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
async function lockMatching(
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

type ApprovalInput = { id: string; revision: number };

// ---- the input the actions declare (commands/approve-requests.ts and its siblings) ----

const KIND = { kind: { type: 'Enum', values: WITHDRAWAL_KINDS, required: true } } as const;

/** Requests named by id (at most MAX_REQUESTS_PER_ACTION, checked by `checkIds`). */
export const IDS_INPUT = { ids: { type: 'ID', list: true, required: true } } as const;

/** A rejection's reason, as a code and text (checked by `checkRejection`). */
export const REJECTION_INPUT = {
  reasonCode: { type: 'Enum', values: WITHDRAWAL_REJECT_CODES, required: true },
  reasonText: { type: 'String', required: true },
} as const;

/**
 * "All N matching this filter": the list's kind and searchParams, the total seen, and the
 * fingerprint of the set confirmed (withdrawalMatchingPreview).
 */
export const MATCHING_INPUT = {
  ...KIND,
  searchParams: inputObject<WithdrawalSearchInput>(),
  expectedCount: { type: 'Int', required: true },
  ...FINGERPRINT_INPUT,
} as const;

/** What the two "all N matching" writes say of their set, in their descriptions. */
export const MATCHING_NOTE =
  'The requests are exactly the rows the list call answers for the same kind and searchParams; expectedCount is the total the operator saw and fingerprint the set confirmed (both from withdrawalMatchingPreview). If the matching set is not that set now (another request, or one at another revision; without a fingerprint: not as many), the call answers CONFLICT (reason LIST_CHANGED) and changes nothing. At most 5,000 per call (BAD_USER_INPUT above). One transaction, one result per request, one audit row per change.';

/** The checks of an "all N matching" call before its transaction: the count and fingerprint. */
function checkMatching(confirmed: SetConfirmation & { expectedCount: number }): void {
  checkExpectedCount(confirmed.expectedCount);
  checkFingerprintInput(confirmed.fingerprint);
}

/**
 * The set of an "all N matching" write (commands/approve-matching.ts, reject-matching.ts): the
 * operator's count and fingerprint are checked at once, before the transaction; the function
 * it answers takes, in the transaction, the rows' one lock (lockMatching) and reads their state
 * under it, each request at the revision the confirmed fingerprint holds.
 */
export function matchingSet(
  filter: WithdrawalsFilter,
  confirmed: SetConfirmation & { expectedCount: number },
) {
  checkMatching(confirmed);
  return async (trx: Transaction<DB>, write: ConfirmedSetWrite) => {
    const ids = await lockMatching(trx, write, filter, {
      expectedCount: confirmed.expectedCount,
      fingerprint: confirmed.fingerprint,
    });
    return { ids, locked: await repo.readLockedRequests(trx, ids) };
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
export async function approveEach(
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
export async function moveEach(
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
export function withReason<R extends object>(
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
