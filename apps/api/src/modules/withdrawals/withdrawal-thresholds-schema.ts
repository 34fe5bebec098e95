import { builder } from '../../graphql/builder';
import type { ApprovalThreshold } from './withdrawal-thresholds';

const ThresholdRef = builder.objectRef<ApprovalThreshold>('WithdrawalApprovalThreshold').implement({
  description:
    'A coin’s two-person approval threshold: a request of the coin above secondApprovalAbove needs the approvals of two different admins.',
  fields: (t) => ({
    coinType: t.exposeString('coinType', { description: 'HEC, ETH or ATEM.' }),
    secondApprovalAbove: t.expose('secondApprovalAbove', { type: 'Decimal' }),
  }),
});

builder.queryField('withdrawalApprovalThresholds', (t) =>
  t.field({
    description: 'The per-coin two-person approval thresholds, by coin.',
    type: [ThresholdRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.withdrawals.approvalThresholds(),
  }),
);

builder.mutationField('postUpdateWithdrawalApprovalThreshold', (t) =>
  t.field({
    description:
      'Changes one coin’s two-person approval threshold (super admins only): an exact decimal at the coin’s scale, more than 0. Audited with the old and the new value; applies from the next approval.',
    type: ThresholdRef,
    authScopes: { superAdmin: true },
    args: {
      coinType: t.arg.string({ required: true }),
      secondApprovalAbove: t.arg({ type: 'Decimal', required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.withdrawals.updateApprovalThreshold(
        ctx.actor,
        args.coinType,
        args.secondApprovalAbove,
      ),
  }),
);
