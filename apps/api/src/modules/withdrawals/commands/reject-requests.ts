import { defineCommand } from '../../../platform/commands';
import { REQUEST_ACTION } from '../withdrawal-action-commands';
import {
  REJECTION_EVENT,
  checkIds,
  checkRejection,
  IDS_INPUT,
  moveEach,
  REJECTION_INPUT,
  withReason,
} from '../withdrawal-actions';
import * as repo from '../withdrawal-actions-repository';
import { RejectCodeRef } from '../withdrawal-types';

/** Rejects requested, approved or processing requests with a reason code and text. */
export const REJECT_WITHDRAWALS = defineCommand({
  name: 'postRejectWithdrawalRequests',
  event: REJECTION_EVENT,
  description:
    'Rejects requested, approved or processing withdrawal requests with a reason code and text.',
  access: 'write',
  scope: 'records',
  input: { ...IDS_INPUT, ...REJECTION_INPUT },
  ...REQUEST_ACTION,
  refs: { reasonCode: RejectCodeRef },
  handler: (input, { audit }) => {
    const ids = checkIds(input.ids.map(String));
    const extra = checkRejection(input.reasonCode, input.reasonText);
    return audit.each(async (trx) =>
      withReason(
        await moveEach(trx, ids, await repo.lockRequests(trx, ids), 'rejected', extra),
        extra,
      ),
    );
  },
});
