import { defineCommand } from '../../../platform/commands';
import { confirmedSetWrite } from '../../../platform/confirmed-set';
import { ActionAnswerRef } from '../withdrawal-action-types';
import {
  REJECTION_EVENT,
  checkRejection,
  MATCHING_INPUT,
  MATCHING_NOTE,
  matchingSet,
  moveEach,
  REJECTION_INPUT,
  withReason,
} from '../withdrawal-actions';
import { WithdrawalSearchParamsRef } from '../withdrawal-lists-schema';
import { RejectCodeRef, WithdrawalKindRef } from '../withdrawal-types';
import { toFilter } from '../withdrawals-service';

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
  scope: 'set',
  refreshes: ['withdrawalRequests', 'withdrawalRequestTimeline', 'withdrawalSigningExportPreview'],
  input: { ...MATCHING_INPUT, ...REJECTION_INPUT },
  answer: ActionAnswerRef,
  refs: {
    kind: WithdrawalKindRef,
    searchParams: WithdrawalSearchParamsRef,
    reasonCode: RejectCodeRef,
  },
  handler: (input, { audit }) => {
    const filter = toFilter(input.kind, input.searchParams ?? {});
    const lockSet = matchingSet(filter, input);
    const extra = checkRejection(input.reasonCode, input.reasonText);
    return audit.each(async (trx) => {
      const { ids, locked } = await lockSet(trx, REJECT_MATCHING_SET);
      return withReason(await moveEach(trx, ids, locked, 'rejected', extra), extra);
    });
  },
});

/** It acts on a confirmed set (platform/confirmed-set). */
const REJECT_MATCHING_SET = confirmedSetWrite(NAME);
