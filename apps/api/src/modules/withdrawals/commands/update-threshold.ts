import { compareDecimals, change, type ThresholdSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { THRESHOLD_WRITE } from '../threshold-change-decisions';
import {
  checkThreshold,
  lockCoin,
  pending,
  sessionAdmin,
  thresholdCoin,
} from '../withdrawal-thresholds';
import * as repo from '../withdrawal-thresholds-repository';

/**
 * Changes one coin's threshold (super admins). A lower value applies at once and supersedes a
 * pending raise; a higher one is recorded as a pending raise that another admin must confirm
 * (the threshold stays as it is). Audited either way; the answer is the threshold as it is
 * now, with its pending raise.
 */
export const UPDATE_THRESHOLD = defineCommand({
  name: 'postUpdateWithdrawalApprovalThreshold',
  event: change<
    ThresholdSummary,
    ThresholdSummary & {
      applied: boolean;
      supersededChange?: string;
      proposedChange?: { id: string; toValue: string };
    }
  >()('withdrawal_approval_threshold'),
  description:
    'Changes one coin’s two-person approval threshold (super admins only): an exact decimal at the coin’s scale, more than 0, not the current value. A lower value applies at once (and supersedes a pending raise of the coin). A higher value weakens the control: it is recorded as a pending raise (pendingChange) and applies only when a second, different super admin confirms it; while one is pending another raise of the coin is CONFLICT (THRESHOLD_CHANGE_PENDING). Audited either way. Answers the threshold as it is now.',
  access: 'superAdmin',
  input: {
    /** HEC, ETH or ATEM, checked by the handler (text in the contract). */
    coinType: { type: 'String', required: true },
    secondApprovalAbove: { type: 'Decimal', required: true },
  },
  ...THRESHOLD_WRITE,
  handler: ({ coinType, secondApprovalAbove: value }, { actor, audit }) => {
    const coin = thresholdCoin(coinType);
    const text = checkThreshold(coin, value);
    const admin = sessionAdmin(actor);
    return audit.change(async (trx) => {
      const { threshold: before, change } = await lockCoin(trx, coin);
      const direction = compareDecimals(text, before.secondApprovalAbove);
      if (direction === 0)
        throw new AppError(
          'BAD_USER_INPUT',
          `secondApprovalAbove: the ${coin} threshold is already ${before.secondApprovalAbove}.`,
          {
            field: 'secondApprovalAbove',
            reason: 'THRESHOLD_UNCHANGED',
            params: { coin, value: before.secondApprovalAbove },
          },
        );
      if (direction < 0) {
        // Lowering strengthens the control: at once. A raise proposed against the old value
        // would now be a different step; it is superseded, not kept.
        const superseded = change
          ? await repo.closeChange(trx, change.id, 'superseded', null)
          : undefined;
        const after = await repo.setApprovalThreshold(trx, coin, text);
        return {
          result: { ...after, pendingChange: null },
          targetIds: [coin],
          before,
          after: {
            ...after,
            applied: true,
            ...(superseded ? { supersededChange: superseded.id } : {}),
          },
        };
      }
      if (change)
        throw new AppError(
          'CONFLICT',
          `A raise of the ${coin} threshold to ${change.toValue} by ${change.proposedByAdminUserName} awaits confirmation; confirm or withdraw it first.`,
          {
            reason: 'THRESHOLD_CHANGE_PENDING',
            id: change.id,
            params: {
              id: change.id,
              coin,
              value: change.toValue,
              proposedBy: change.proposedByAdminUserName ?? '',
            },
          },
        );
      const proposed = await repo.insertChange(trx, {
        coinType: coin,
        fromValue: before.secondApprovalAbove,
        toValue: text,
        adminUserId: admin.id,
        adminUserName: admin.name,
      });
      return {
        result: { ...before, pendingChange: pending(proposed) },
        targetIds: [coin],
        before,
        after: {
          ...before,
          applied: false,
          proposedChange: { id: proposed.id, toValue: proposed.toValue },
        },
      };
    });
  },
});
