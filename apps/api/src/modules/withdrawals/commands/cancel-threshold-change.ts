import { change, type ThresholdSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { decideRaise, THRESHOLD_WRITE } from '../threshold-change-decisions';
import { THRESHOLD_CHANGE_ID } from '../withdrawal-thresholds';
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
  input: THRESHOLD_CHANGE_ID,
  ...THRESHOLD_WRITE,
  handler: decideRaise(async (trx, { threshold, change }, id, { admin }) => {
    await repo.closeChange(trx, id, 'withdrawn', admin);
    return {
      threshold,
      before: { ...threshold, pendingChange: { id, toValue: change.toValue } },
      after: { ...threshold, withdrawnChange: id },
    };
  }),
});
