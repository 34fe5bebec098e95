import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import {
  type ActionAnswer,
  type ActionOutcome,
  type ActionResult,
  type RefusalReason,
} from './withdrawal-actions';
import {
  APPROVE_MATCHING_WITHDRAWALS,
  APPROVE_WITHDRAWALS,
  FAIL_WITHDRAWALS,
  REJECT_MATCHING_WITHDRAWALS,
  REJECT_WITHDRAWALS,
} from './withdrawal-commands';
import { WithdrawalRequestRef, WithdrawalSearchParamsRef } from './withdrawal-lists-schema';
import { RejectCodeRef, WithdrawalKindRef, WithdrawalStatusRef } from './withdrawal-types';

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
    status: t.field({
      type: WithdrawalStatusRef,
      nullable: true,
      description: 'The status after the call (null when the request does not exist).',
      resolve: (r) => r.status,
    }),
    revision: t.exposeInt('revision', { nullable: true }),
    reason: t.expose('reason', { type: RefusalReasonRef, nullable: true }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const ActionAnswerRef = builder.objectRef<ActionAnswer>('WithdrawalActionAnswer').implement({
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

const ApprovalInputRef = builder.inputType('WithdrawalApprovalInput', {
  description: 'A request and the revision the approving admin saw.',
  fields: (t) => ({
    id: t.id({ required: true }),
    revision: t.int({ required: true }),
  }),
});

commandMutation(
  APPROVE_WITHDRAWALS,
  {
    description:
      'Approves withdrawal requests (any kind) as the signed-in admin, each at the revision the admin saw (a changed request is refused as STALE_REVISION). Above its coin threshold a request needs two different admins: the first approval answers awaitingSecondApproval and the request stays requested. Nobody approves a request twice; no role is exempt.',
    type: ActionAnswerRef,
    authScopes: { write: true },
    resolve: (input, ctx) =>
      ctx.services.withdrawals.approve(
        ctx.actor,
        input.requests.map((r) => ({ id: String(r.id), revision: r.revision })),
      ),
  },
  { requests: ApprovalInputRef },
);

commandMutation(
  REJECT_WITHDRAWALS,
  {
    description:
      'Rejects requested, approved or processing withdrawal requests with a reason code and text.',
    type: ActionAnswerRef,
    authScopes: { write: true },
    resolve: (input, ctx) =>
      ctx.services.withdrawals.reject(
        ctx.actor,
        input.ids.map(String),
        input.reasonCode,
        input.reasonText,
      ),
  },
  { reasonCode: RejectCodeRef },
);

const MATCHING_NOTE =
  'The requests are exactly the rows the list call answers for the same kind and searchParams; expectedCount is the total the operator saw and fingerprint the set confirmed (both from withdrawalMatchingPreview). If the matching set is not that set now (another request, or one at another revision; without a fingerprint: not as many), the call answers CONFLICT (reason LIST_CHANGED) and changes nothing. At most 5,000 per call (BAD_USER_INPUT above). One transaction, one result per request, one audit row per change.';

commandMutation(
  APPROVE_MATCHING_WITHDRAWALS,
  {
    description: `Approves "all N matching this filter" as the signed-in admin, each at the revision read in the same transaction; otherwise the rules of postApproveWithdrawalRequests (two admins above the threshold, nobody twice). ${MATCHING_NOTE}`,
    type: ActionAnswerRef,
    authScopes: { write: true },
    resolve: (input, ctx) =>
      ctx.services.withdrawals.approveMatching(ctx.actor, input.kind, input.searchParams ?? {}, {
        expectedCount: input.expectedCount,
        fingerprint: input.fingerprint,
      }),
  },
  { kind: WithdrawalKindRef, searchParams: WithdrawalSearchParamsRef },
);

commandMutation(
  REJECT_MATCHING_WITHDRAWALS,
  {
    description: `Rejects "all N matching this filter" with a reason code and text (requested, approved or processing ones; others are refused). ${MATCHING_NOTE}`,
    type: ActionAnswerRef,
    authScopes: { write: true },
    resolve: (input, ctx) =>
      ctx.services.withdrawals.rejectMatching(
        ctx.actor,
        input.kind,
        input.searchParams ?? {},
        { expectedCount: input.expectedCount, fingerprint: input.fingerprint },
        input.reasonCode,
        input.reasonText,
      ),
  },
  { kind: WithdrawalKindRef, searchParams: WithdrawalSearchParamsRef, reasonCode: RejectCodeRef },
);

commandMutation(FAIL_WITHDRAWALS, {
  description: 'Marks processing withdrawal requests whose send failed as failed, with the reason.',
  type: ActionAnswerRef,
  authScopes: { write: true },
  resolve: (input, ctx) =>
    ctx.services.withdrawals.markFailed(ctx.actor, input.ids.map(String), input.reason),
});

const MatchingPreviewRef = builder
  .objectRef<{ count: number; fingerprint: string }>('WithdrawalMatchingPreview')
  .implement({
    description:
      'The requests "all N matching" would act on now: how many (for people) and their fingerprint (what the call is sent with).',
    fields: (t) => ({
      count: t.exposeInt('count'),
      fingerprint: t.exposeString('fingerprint'),
    }),
  });

builder.queryField('withdrawalMatchingPreview', (t) =>
  t.field({
    description:
      "The set postApproveMatchingWithdrawalRequests and postRejectMatchingWithdrawalRequests would act on for the kind and searchParams (the list call's rows), as count and fingerprint; changes nothing. More than 5,000: BAD_USER_INPUT.",
    type: MatchingPreviewRef,
    authScopes: { write: true },
    args: {
      kind: t.arg({ type: WithdrawalKindRef, required: true }),
      searchParams: t.arg({ type: WithdrawalSearchParamsRef, required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.withdrawals.matchingPreview(args.kind, args.searchParams ?? {}),
  }),
);
