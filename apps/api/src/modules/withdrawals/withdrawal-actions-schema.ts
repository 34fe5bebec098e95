import { builder } from '../../graphql/builder';
import { WithdrawalSearchParamsRef } from './withdrawal-lists-schema';
import { WithdrawalKindRef } from './withdrawal-types';

// The actions themselves are one file each in commands/ (approve-requests.ts, …); their
// shared types are in withdrawal-action-types.ts. Here: the preview of "all N matching".

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
