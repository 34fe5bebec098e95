import { defineCommand } from '../../../platform/commands';
import { confirmedSetWrite } from '../../../platform/confirmed-set';
import { approverFor } from '../../admin-users/approval-rule';
import { MATCHING_ACTION, MATCHING_REFS, matchingRequests } from '../withdrawal-action-commands';
import {
  APPROVAL_EVENT,
  approveEach,
  approver,
  MATCHING_INPUT,
  MATCHING_NOTE,
} from '../withdrawal-actions';

/** The operation, also named by the approval rule (admin-users/approval-rule.ts). */
const NAME = 'postApproveMatchingWithdrawalRequests';

/**
 * "All N matching this filter": approves every request the list shows for the kind and
 * searchParams, if they are still exactly the set the operator confirmed (its fingerprint;
 * the `expectedCount` shown). Each at the revision read under its lock in this transaction;
 * otherwise exactly the rules of postApproveWithdrawalRequests (approve-requests.ts).
 */
export const APPROVE_MATCHING_WITHDRAWALS = defineCommand({
  name: NAME,
  event: APPROVAL_EVENT,
  description: `Approves "all N matching this filter" as the signed-in admin, each at the revision read in the same transaction; otherwise the rules of postApproveWithdrawalRequests (two admins above the threshold, nobody twice). ${MATCHING_NOTE}`,
  access: 'write',
  input: MATCHING_INPUT,
  ...MATCHING_ACTION,
  refs: MATCHING_REFS,
  handler: (input, { actor, audit }) => {
    approver(actor);
    const lockSet = matchingRequests(input, APPROVE_MATCHING_SET);
    return audit.each(async (trx) => {
      const admin = await approverFor(trx, actor, NAME);
      // The rows took their one lock; their state is read under it, and each is approved at
      // the revision read there, the one the confirmed fingerprint holds.
      const { locked } = await lockSet(trx);
      return approveEach(trx, admin, locked, null);
    });
  },
});

/** It acts on a confirmed set (platform/confirmed-set). */
const APPROVE_MATCHING_SET = confirmedSetWrite(NAME);
