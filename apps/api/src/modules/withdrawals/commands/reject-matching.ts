import { defineCommand } from '../../../platform/commands';
import { confirmedSetWrite } from '../../../platform/confirmed-set';
import { MATCHING_ACTION, MATCHING_REFS, matchingRequests } from '../withdrawal-action-commands';
import {
  REJECTION_EVENT,
  checkRejection,
  MATCHING_INPUT,
  MATCHING_NOTE,
  moveEach,
  REJECTION_INPUT,
  withReason,
} from '../withdrawal-actions';
import { RejectCodeRef } from '../withdrawal-types';

const NAME = 'postRejectMatchingWithdrawalRequests';

/**
 * "All N matching this filter" for rejection: the rules of postRejectWithdrawalRequests
 * (reject-requests.ts) on the confirmed set of postApproveMatchingWithdrawalRequests.
 */
export const REJECT_MATCHING_WITHDRAWALS = defineCommand({
  name: NAME,
  event: REJECTION_EVENT,
  description: `Rejects "all N matching this filter" with a reason code and text (requested, approved or processing ones; others are refused). ${MATCHING_NOTE}`,
  access: 'write',
  input: { ...MATCHING_INPUT, ...REJECTION_INPUT },
  ...MATCHING_ACTION,
  refs: { ...MATCHING_REFS, reasonCode: RejectCodeRef },
  handler: (input, { audit }) => {
    const lockSet = matchingRequests(input, REJECT_MATCHING_SET);
    const extra = checkRejection(input.reasonCode, input.reasonText);
    return audit.each(async (trx) => {
      const { ids, locked } = await lockSet(trx);
      return withReason(await moveEach(trx, ids, locked, 'rejected', extra), extra);
    });
  },
});

/** It acts on a confirmed set (platform/confirmed-set). */
const REJECT_MATCHING_SET = confirmedSetWrite(NAME);
