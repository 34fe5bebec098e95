import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import {
  CANCEL_THRESHOLD_CHANGE,
  CONFIRM_THRESHOLD_CHANGE,
  UPDATE_THRESHOLD,
} from './withdrawal-commands';
import type { ApprovalThreshold, ThresholdChange } from './withdrawal-thresholds';

const ThresholdChangeRef = builder
  .objectRef<ThresholdChange>('WithdrawalApprovalThresholdChange')
  .implement({
    description:
      'A raise of a coin’s two-person threshold that waits for a second admin: it applies only when another super admin confirms it (postConfirmWithdrawalApprovalThresholdChange).',
    fields: (t) => ({
      id: t.exposeID('id'),
      coinType: t.exposeString('coinType'),
      fromValue: t.expose('fromValue', {
        type: 'Decimal',
        description: 'The threshold when the raise was proposed.',
      }),
      toValue: t.expose('toValue', { type: 'Decimal', description: 'The value proposed.' }),
      proposedByAdminUserId: t.exposeInt('proposedByAdminUserId', {
        nullable: true,
        description: 'Null when that admin account was deleted.',
      }),
      proposedByAdminUserName: t.exposeString('proposedByAdminUserName'),
      proposedAt: t.expose('proposedAt', { type: 'DateTime' }),
    }),
  });

const ThresholdRef = builder.objectRef<ApprovalThreshold>('WithdrawalApprovalThreshold').implement({
  description:
    'A coin’s two-person approval threshold: a request of the coin above secondApprovalAbove needs the approvals of two different admins.',
  fields: (t) => ({
    coinType: t.exposeString('coinType', { description: 'HEC, ETH or ATEM.' }),
    secondApprovalAbove: t.expose('secondApprovalAbove', {
      type: 'Decimal',
      description: 'The threshold in force (a pending raise does not count until confirmed).',
    }),
    pendingChange: t.field({
      type: ThresholdChangeRef,
      nullable: true,
      description: 'A proposed raise awaiting a second admin’s confirmation, if any.',
      resolve: (threshold) => threshold.pendingChange,
    }),
  }),
});

builder.queryField('withdrawalApprovalThresholds', (t) =>
  t.field({
    description: 'The per-coin two-person approval thresholds, by coin, with any pending raise.',
    type: [ThresholdRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.withdrawals.approvalThresholds(),
  }),
);

commandMutation(UPDATE_THRESHOLD, {
  description:
    'Changes one coin’s two-person approval threshold (super admins only): an exact decimal at the coin’s scale, more than 0, not the current value. A lower value applies at once (and supersedes a pending raise of the coin). A higher value weakens the control: it is recorded as a pending raise (pendingChange) and applies only when a second, different super admin confirms it; while one is pending another raise of the coin is CONFLICT (THRESHOLD_CHANGE_PENDING). Audited either way. Answers the threshold as it is now.',
  type: ThresholdRef,
  authScopes: { superAdmin: true },
  resolve: (input, ctx) => ctx.services.withdrawals.updateApprovalThreshold(ctx.actor, input),
});

commandMutation(CONFIRM_THRESHOLD_CHANGE, {
  description:
    'Confirms a pending raise of a threshold as a second admin (super admins only): the threshold takes the proposed value. The proposer cannot confirm their own (FORBIDDEN, OWN_THRESHOLD_CHANGE); a raise no longer pending is CONFLICT (THRESHOLD_CHANGE_CLOSED). Audited.',
  type: ThresholdRef,
  authScopes: { superAdmin: true },
  resolve: (input, ctx) => ctx.services.withdrawals.confirmThresholdChange(ctx.actor, input),
});

commandMutation(CANCEL_THRESHOLD_CHANGE, {
  description:
    'Withdraws a pending raise of a threshold (super admins only: its proposer, or another admin declining it); the threshold stays. A raise no longer pending is CONFLICT (THRESHOLD_CHANGE_CLOSED). Audited.',
  type: ThresholdRef,
  authScopes: { superAdmin: true },
  resolve: (input, ctx) => ctx.services.withdrawals.cancelThresholdChange(ctx.actor, input),
});
