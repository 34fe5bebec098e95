import { isBlankText } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { badInput, notFound } from '../../../shared/list-input';
import * as repo from '../users-repository';

/** Freezes a user's withdrawals, saying why (issue 34's worked example of adding a write). */
export const FREEZE_WITHDRAWALS = defineCommand({
  name: 'postFreezeUserWithdrawals',
  description: "Freezes a user's withdrawals with a reason (not blank); recorded in the audit log.",
  access: 'write',
  input: {
    userId: { type: 'Int', required: true },
    reason: { type: 'String', required: true },
  },
  answer: 'Boolean',
  handler: async ({ userId, reason }, { audit }) => {
    if (isBlankText(reason)) throw badInput('reason', 'must not be blank.', { code: 'required' });
    return audit.change(async (trx) => {
      const user = await repo.lockWithdrawalsFrozen(trx, userId);
      if (!user) throw notFound('user', userId);
      await repo.setWithdrawalsFrozen(trx, userId, reason.trim());
      return {
        result: true,
        targetIds: [userId],
        before: { frozenReason: user.frozenReason },
        after: { frozenReason: reason.trim() },
      };
    });
  },
});
