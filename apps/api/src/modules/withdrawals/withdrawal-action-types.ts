// The GraphQL types the withdrawal actions (commands/approve-requests.ts and its siblings)
// take and answer, declared once here so each action's file and the schema share them.
import { builder } from '../../graphql/builder';
import type {
  ActionAnswer,
  ActionOutcome,
  ActionResult,
  RefusalReason,
} from './withdrawal-actions';
import { WithdrawalRequestRef } from './withdrawal-lists-schema';
import { WithdrawalStatusRef } from './withdrawal-types';

const ActionOutcomeRef = builder.enumType('WithdrawalActionOutcome', {
  description:
    'What happened to one request of an approve/reject/fail call: approved, awaitingSecondApproval (first of two approvals), rejected, failed, or refused (unchanged, see reason).',
  values: [
    'approved',
    'awaitingSecondApproval',
    'rejected',
    'failed',
    'refused',
  ] as const satisfies readonly ActionOutcome[],
});

const RefusalReasonRef = builder.enumType('WithdrawalRefusalReason', {
  values: [
    'NOT_FOUND',
    'ILLEGAL_TRANSITION',
    'STALE_REVISION',
    'ALREADY_APPROVED_BY_YOU',
    'NOT_A_SECOND_PERSON',
    'LIST_CHANGED',
  ] as const satisfies readonly RefusalReason[],
});

const ActionResultRef = builder.objectRef<ActionResult>('WithdrawalActionResult').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    outcome: t.expose('outcome', { type: ActionOutcomeRef }),
    status: t.expose('status', {
      type: WithdrawalStatusRef,
      nullable: true,
      description: 'The status after the call (null when the request does not exist).',
    }),
    revision: t.exposeInt('revision', { nullable: true }),
    reason: t.expose('reason', { type: RefusalReasonRef, nullable: true }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

/** What every approve, reject and fail call answers. */
export const ActionAnswerRef = builder.objectRef<ActionAnswer>('WithdrawalActionAnswer').implement({
  description:
    'One result per request named; the changes of the call were made in one transaction. A call in which no request could change answers CONFLICT instead (nothing changed).',
  fields: (t) => ({
    results: t.field({ type: [ActionResultRef], resolve: (a) => a.results }),
    requests: t.field({
      type: [WithdrawalRequestRef],
      description:
        'Every request of the call that exists, as it is after the call (status, revision, approvals, requiredApprovals, …), in id order: a screen updates its open detail and rows from it instead of showing what it read before.',
      resolve: (a, _args, ctx) =>
        ctx.services.withdrawals.requestsByIds(
          a.results.filter((r) => r.status !== null).map((r) => r.id),
        ),
    }),
    changedCount: t.exposeInt('changedCount'),
    refusedCount: t.exposeInt('refusedCount'),
  }),
});

export const ApprovalInputRef = builder.inputType('WithdrawalApprovalInput', {
  description: 'A request and the revision the approving admin saw.',
  fields: (t) => ({
    id: t.id({ required: true }),
    revision: t.int({ required: true }),
  }),
});
