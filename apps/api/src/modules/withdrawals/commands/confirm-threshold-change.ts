import { compareDecimals, change, type ThresholdSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { approverFor, notASecondPerson } from '../../admin-users/approval-rule';
import { decideRaise, THRESHOLD_WRITE } from '../threshold-change-decisions';
import { closed, THRESHOLD_CHANGE_ID } from '../withdrawal-thresholds';
import * as repo from '../withdrawal-thresholds-repository';

/** The operation, also named by the approval rule (admin-users/approval-rule.ts). */
const NAME = 'postConfirmWithdrawalApprovalThresholdChange';

/**
 * A second super admin confirms a pending raise: the threshold takes the proposed value. The
 * proposer cannot confirm their own (FORBIDDEN, reason OWN_THRESHOLD_CHANGE), nor can an
 * account the proposer created or gave its approving role (the approval rule: FORBIDDEN,
 * reason NOT_A_SECOND_PERSON).
 */
export const CONFIRM_THRESHOLD_CHANGE = defineCommand({
  name: NAME,
  event: change<
    ThresholdSummary,
    ThresholdSummary & { change: string; proposedBy: string | null; proposedAt: string }
  >()('withdrawal_approval_threshold'),
  description:
    'Confirms a pending raise of a threshold as a second admin (super admins only): the threshold takes the proposed value. The proposer cannot confirm their own (FORBIDDEN, OWN_THRESHOLD_CHANGE); a raise no longer pending is CONFLICT (THRESHOLD_CHANGE_CLOSED). Audited.',
  access: 'superAdmin',
  input: THRESHOLD_CHANGE_ID,
  ...THRESHOLD_WRITE,
  handler: decideRaise(async (trx, { threshold: before, change }, id, { actor }) => {
    const admin = await approverFor(trx, actor, NAME);
    const refusal = admin.refusalAgainst([change.proposedByAdminUserId]);
    if (refusal?.relation === 'same')
      throw new AppError(
        'FORBIDDEN',
        'You proposed this threshold change; a second admin must confirm it.',
        { reason: 'OWN_THRESHOLD_CHANGE', id, params: { id } },
      );
    if (refusal)
      throw notASecondPerson(
        refusal,
        { name: change.proposedByAdminUserName },
        `the threshold raise ${id} proposed by ${change.proposedByAdminUserName}`,
      );
    if (change.proposedByAdminUserId === null)
      throw new AppError(
        'CONFLICT',
        `The admin who proposed threshold change ${id} no longer exists; withdraw it and propose again.`,
        {
          reason: 'THRESHOLD_CHANGE_CLOSED',
          id,
          status: 'pending',
          params: { id, status: 'pending' },
        },
      );
    if (compareDecimals(before.secondApprovalAbove, change.fromValue) !== 0)
      throw closed(id, 'out of date');
    await repo.closeChange(trx, id, 'confirmed', admin);
    // The trigger of migration 0121 checks this raise against the confirmed change.
    const after = await repo.setApprovalThreshold(trx, change.coinType, change.toValue);
    return {
      threshold: after,
      before,
      after: {
        ...after,
        change: id,
        proposedBy: change.proposedByAdminUserName,
        proposedAt: change.proposedAt.toISOString(),
      },
    };
  }),
});
