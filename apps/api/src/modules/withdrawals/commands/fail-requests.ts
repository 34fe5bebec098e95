import { change, type WithdrawalBefore, type WithdrawalStatus } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { requiredText } from '../../../shared/required-text';
import { REQUEST_ACTION } from '../withdrawal-action-commands';
import { checkIds, IDS_INPUT, moveEach, withReason } from '../withdrawal-actions';
import * as repo from '../withdrawal-actions-repository';

/** Marks processing requests whose send failed as failed, with the reason. */
export const FAIL_WITHDRAWALS = defineCommand({
  name: 'postFailWithdrawalRequests',
  event: change<
    WithdrawalBefore,
    { status: WithdrawalStatus; revision: number; failureReason: string }
  >()('withdrawal_request'),
  description: 'Marks processing withdrawal requests whose send failed as failed, with the reason.',
  access: 'write',
  scope: 'records',
  input: { ...IDS_INPUT, reason: { type: 'String', required: true } },
  ...REQUEST_ACTION,
  handler: (input, { audit }) => {
    const ids = checkIds(input.ids.map(String));
    const extra = { failureReason: requiredText('reason', input.reason, 500) };
    return audit.each(async (trx) =>
      withReason(
        await moveEach(trx, ids, await repo.lockRequests(trx, ids), 'failed', extra),
        extra,
      ),
    );
  },
});
