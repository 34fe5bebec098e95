import type { CommandInput } from '../../platform/commands';
import type { ConfirmedSetWrite } from '../../platform/confirmed-set';
import { ActionAnswerRef } from './withdrawal-action-types';
import { MATCHING_INPUT, matchingSet } from './withdrawal-actions';
import { WithdrawalSearchParamsRef } from './withdrawal-lists-schema';
import { WithdrawalKindRef } from './withdrawal-types';
import { toFilter } from './withdrawals-service';

// The actions on withdrawal requests (commands/approve-requests.ts and its siblings): each
// declares its name, event, access and input in its own file, and shares here what an action
// changes and answers, and what an "all N matching this filter" action acts on.

/** What every action on requests changes and answers (one result per request). */
export const REQUEST_ACTION = {
  refreshes: ['withdrawalRequests', 'withdrawalRequestTimeline', 'withdrawalSigningExportPreview'],
  answer: ActionAnswerRef,
} as const;

/** An "all N matching this filter" action: on the set the operator confirmed. */
export const MATCHING_ACTION = { scope: 'set', ...REQUEST_ACTION } as const;

/** The GraphQL types of MATCHING_INPUT's enum and input object fields. */
export const MATCHING_REFS = { kind: WithdrawalKindRef, searchParams: WithdrawalSearchParamsRef };

/**
 * The set of an "all N matching" action (`write`, its confirmedSetWrite): the list's filter of
 * the input, and the operator's count and fingerprint, checked at once; the function it answers
 * locks the set in the action's transaction (matchingSet).
 */
export function matchingRequests(
  input: CommandInput<typeof MATCHING_INPUT>,
  write: ConfirmedSetWrite,
) {
  const lockSet = matchingSet(toFilter(input.kind, input.searchParams ?? {}), input);
  return (trx: Parameters<typeof lockSet>[0]) => lockSet(trx, write);
}
