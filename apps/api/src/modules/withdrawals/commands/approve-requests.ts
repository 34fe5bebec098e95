import { defineCommand, inputObject } from '../../../platform/commands';
import { approverFor } from '../../admin-users/approval-rule';
import { REQUEST_ACTION } from '../withdrawal-action-commands';
import { ApprovalInputRef } from '../withdrawal-action-types';
import { APPROVAL_EVENT, approveEach, approver, checkIds } from '../withdrawal-actions';
import * as repo from '../withdrawal-actions-repository';

/** The operation, also named by the approval rule (admin-users/approval-rule.ts). */
const NAME = 'postApproveWithdrawalRequests';

/**
 * Approves each request at the revision its admin saw. A request above its coin's threshold
 * needs a second admin: the first approval leaves it `requested` (awaiting a second
 * approval); nobody approves twice, whatever their role, and the second must be a second
 * person (the approval rule, admin-users/approval-rule.ts). One transaction, one audit row per
 * change.
 */
export const APPROVE_WITHDRAWALS = defineCommand({
  name: NAME,
  event: APPROVAL_EVENT,
  description:
    'Approves withdrawal requests (any kind) as the signed-in admin, each at the revision the admin saw (a changed request is refused as STALE_REVISION). Above its coin threshold a request needs two different admins: the first approval answers awaitingSecondApproval and the request stays requested. Nobody approves a request twice; no role is exempt.',
  access: 'write',
  scope: 'records',
  input: {
    /** Each request with the revision the approving admin saw. */
    requests: {
      ...inputObject<{ id: string | number; revision: number }>(),
      list: true,
      required: true,
    },
  },
  ...REQUEST_ACTION,
  refs: { requests: ApprovalInputRef },
  handler: (input, { actor, audit }) => {
    approver(actor);
    const requests = input.requests.map((r) => ({ id: String(r.id), revision: r.revision }));
    const ids = checkIds(requests.map((r) => r.id));
    return audit.each(async (trx) => {
      const admin = await approverFor(trx, actor, NAME);
      return approveEach(trx, admin, await repo.lockRequests(trx, ids), requests);
    });
  },
});
