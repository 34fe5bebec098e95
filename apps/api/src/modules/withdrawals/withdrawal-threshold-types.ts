// The GraphQL types of the approval thresholds, shared by their query and their three writes
// (commands/update-threshold.ts and its siblings).
import { builder } from '../../graphql/builder';
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

/** A coin's threshold, what the query lists and each write answers. */
export const ThresholdRef = builder
  .objectRef<ApprovalThreshold>('WithdrawalApprovalThreshold')
  .implement({
    description:
      'A coin’s two-person approval threshold: a request of the coin above secondApprovalAbove needs the approvals of two different admins.',
    fields: (t) => ({
      coinType: t.exposeString('coinType', { description: 'HEC, ETH or ATEM.' }),
      secondApprovalAbove: t.expose('secondApprovalAbove', {
        type: 'Decimal',
        description: 'The threshold in force (a pending raise does not count until confirmed).',
      }),
      pendingChange: t.expose('pendingChange', {
        type: ThresholdChangeRef,
        nullable: true,
        description: 'A proposed raise awaiting a second admin’s confirmation, if any.',
      }),
    }),
  });
