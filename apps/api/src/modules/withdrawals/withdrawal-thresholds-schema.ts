import { builder } from '../../graphql/builder';
import { ThresholdRef } from './withdrawal-threshold-types';

// The thresholds' three writes are one file each in commands/ (update-threshold.ts, …).

builder.queryField('withdrawalApprovalThresholds', (t) =>
  t.field({
    description: 'The per-coin two-person approval thresholds, by coin, with any pending raise.',
    type: [ThresholdRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.withdrawals.approvalThresholds(),
  }),
);
