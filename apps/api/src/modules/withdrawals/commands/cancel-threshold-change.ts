import { change, type ThresholdSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { ThresholdRef } from '../withdrawal-threshold-types';
import { changeId, lockPending, sessionAdmin, THRESHOLD_CHANGE_ID } from '../withdrawal-thresholds';
import * as repo from '../withdrawal-thresholds-repository';

/**
 * Withdraws a pending raise (its proposer, or another super admin declining it); the threshold
 * stays as it is.
 */
export const CANCEL_THRESHOLD_CHANGE = defineCommand({
  name: 'postCancelWithdrawalApprovalThresholdChange',
  event: change<
    ThresholdSummary & { pendingChange: { id: string; toValue: string } },
    ThresholdSummary & { withdrawnChange: string }
  >()('withdrawal_approval_threshold'),
  description:
    'Withdraws a pending raise of a threshold (super admins only: its proposer, or another admin declining it); the threshold stays. A raise no longer pending is CONFLICT (THRESHOLD_CHANGE_CLOSED). Audited.',
  access: 'superAdmin',
  scope: 'records',
  refreshes: ['withdrawalApprovalThresholds', 'withdrawalRequests', 'withdrawalRequestTimeline'],
  input: THRESHOLD_CHANGE_ID,
  answer: ThresholdRef,
  handler: (input, { actor, audit }) => {
    const id = changeId(String(input.id));
    const admin = sessionAdmin(actor);
    return audit.change(async (trx) => {
      const { threshold, change } = await lockPending(trx, id);
      await repo.closeChange(trx, id, 'withdrawn', admin);
      return {
        result: { ...threshold, pendingChange: null },
        targetIds: [change.coinType],
        before: { ...threshold, pendingChange: { id, toValue: change.toValue } },
        after: { ...threshold, withdrawnChange: id },
      };
    });
  },
});
