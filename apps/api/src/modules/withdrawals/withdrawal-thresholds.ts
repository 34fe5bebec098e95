import type { Kysely, Transaction } from 'kysely';
import {
  checkDecimalText,
  compareDecimals,
  describeDecimalProblem,
  UNIT_SCALES,
} from '@app/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { badInput, notFound, notOneOf, notAnId } from '../../shared/list-input';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import { approverFor, notASecondPerson } from '../admin-users/approval-rule';
import {
  CANCEL_THRESHOLD_CHANGE,
  CONFIRM_THRESHOLD_CHANGE,
  UPDATE_THRESHOLD,
  type ThresholdChangeInput,
  type ThresholdInput,
} from './withdrawal-commands';
import * as repo from './withdrawal-thresholds-repository';

/** A raise of a coin's threshold that waits for a second admin (migration 0121). */
export type ThresholdChange = Pick<
  repo.ThresholdChangeRow,
  | 'id'
  | 'coinType'
  | 'fromValue'
  | 'toValue'
  | 'proposedByAdminUserId'
  | 'proposedByAdminUserName'
  | 'proposedAt'
>;

export type ApprovalThreshold = {
  coinType: string;
  secondApprovalAbove: string;
  /** The raise proposed and not yet confirmed, withdrawn or superseded. */
  pendingChange: ThresholdChange | null;
};

/** The coins a withdrawal pays in (migration 0070's CHECK). */
export const THRESHOLD_COINS = [
  'HEC',
  'ETH',
  'ATEM',
] as const satisfies readonly repo.ThresholdCoin[];

function thresholdCoin(coinType: string): repo.ThresholdCoin {
  if (!(THRESHOLD_COINS as readonly string[]).includes(coinType))
    throw notOneOf('coinType', THRESHOLD_COINS);
  return coinType as repo.ThresholdCoin;
}

/** The coin_amount domain's bound (migration 0010): amounts are below 10^20. */
const COIN_AMOUNT_LIMIT = '100000000000000000000';

/**
 * Checks a new threshold: a plain decimal at the coin's scale, above 0 (a threshold of 0
 * would ask two admins for every request; that is a policy, not a threshold) and below the
 * coin_amount bound. Answers the text as given (exact, never through a float).
 */
export function checkThreshold(coinType: repo.ThresholdCoin, value: string): string {
  const text = value.trim();
  const scale = UNIT_SCALES[coinType];
  const problem = checkDecimalText(text, { scale });
  if (problem)
    throw badInput('secondApprovalAbove', `${coinType} amounts ${describeDecimalProblem(problem)}`);
  if (compareDecimals(text, '0') <= 0)
    throw badInput('secondApprovalAbove', 'must be more than 0.', { code: 'positive' });
  if (compareDecimals(text, COIN_AMOUNT_LIMIT) >= 0)
    throw badInput('secondApprovalAbove', 'must be less than 10^20.');
  return text;
}

function changeId(value: string): string {
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,18}$/.test(text)) throw notAnId('id', 'is not an id.');
  return text;
}

/** The admin of the session: a proposal and its confirmation each name theirs. */
function sessionAdmin(actor: Actor): { id: number; name: string } {
  if (actor.adminUserId === null || actor.adminUserName === null)
    throw new AppError('FORBIDDEN', 'Only a signed-in admin can change an approval threshold.');
  return { id: actor.adminUserId, name: actor.adminUserName };
}

function pending(change: repo.ThresholdChangeRow | undefined): ThresholdChange | null {
  if (!change || change.status !== 'pending') return null;
  return {
    id: change.id,
    coinType: change.coinType,
    fromValue: change.fromValue,
    toValue: change.toValue,
    proposedByAdminUserId: change.proposedByAdminUserId,
    proposedByAdminUserName: change.proposedByAdminUserName,
    proposedAt: change.proposedAt,
  };
}

function closed(id: string, status: string): AppError {
  return new AppError(
    'CONFLICT',
    `Threshold change ${id} is ${status}, no longer pending; nothing was changed.`,
    { reason: 'THRESHOLD_CHANGE_CLOSED', id, status, params: { id, status } },
  );
}

/**
 * The per-coin two-person approval thresholds (docs/domain.md, "Threshold changes"). A change
 * that weakens the control, a raise, is a proposal until a second, different super admin
 * confirms it; a lowering applies at once and supersedes a pending raise of the coin.
 */
export function createWithdrawalThresholds(db: Kysely<DB>, audit: Pick<AuditService, 'withAudit'>) {
  /** The coin's threshold locked for this transaction, with its pending raise. */
  async function lockCoin(trx: Transaction<DB>, coin: repo.ThresholdCoin) {
    const threshold = await repo.lockApprovalThreshold(trx, coin);
    if (!threshold) throw notFound('withdrawalThreshold', coin);
    return { threshold, change: await repo.pendingChangeOf(trx, coin) };
  }

  /** A proposal by id with its coin locked, checked to be still pending. */
  async function lockPending(trx: Transaction<DB>, id: string) {
    const found = await repo.findChange(trx, id);
    if (!found) throw notFound('thresholdChange', id);
    const { threshold } = await lockCoin(trx, found.coinType);
    // Read again under the coin's lock: a concurrent confirm, withdrawal or lowering has
    // committed by now.
    const change = (await repo.findChange(trx, id))!;
    if (change.status !== 'pending') throw closed(id, change.status);
    return { threshold, change };
  }

  return {
    approvalThresholds: async (): Promise<ApprovalThreshold[]> => {
      const [thresholds, changes] = await Promise.all([
        repo.approvalThresholds(db),
        repo.pendingChanges(db),
      ]);
      return thresholds.map((t) => ({
        ...t,
        pendingChange: pending(changes.find((c) => c.coinType === t.coinType)),
      }));
    },

    /**
     * Changes one coin's threshold (super admins; the schema enforces the role). A lower
     * value applies at once and supersedes a pending raise; a higher one is recorded as a
     * pending raise that another admin must confirm (the threshold stays as it is). Audited
     * either way; the answer is the threshold as it is now, with its pending raise.
     */
    updateApprovalThreshold: (
      actor: Actor,
      { coinType, secondApprovalAbove: value }: ThresholdInput,
    ): Promise<ApprovalThreshold> => {
      const coin = thresholdCoin(coinType);
      const text = checkThreshold(coin, value);
      const admin = sessionAdmin(actor);
      return audit.withAudit(actor, UPDATE_THRESHOLD.name, async (trx) => {
        const { threshold: before, change } = await lockCoin(trx, coin);
        const direction = compareDecimals(text, before.secondApprovalAbove);
        if (direction === 0)
          throw new AppError(
            'BAD_USER_INPUT',
            `secondApprovalAbove: the ${coin} threshold is already ${before.secondApprovalAbove}.`,
            {
              field: 'secondApprovalAbove',
              reason: 'THRESHOLD_UNCHANGED',
              params: { coin, value: before.secondApprovalAbove },
            },
          );
        if (direction < 0) {
          // Lowering strengthens the control: at once. A raise proposed against the old
          // value would now be a different step; it is superseded, not kept.
          const superseded = change
            ? await repo.closeChange(trx, change.id, 'superseded', null)
            : undefined;
          const after = await repo.setApprovalThreshold(trx, coin, text);
          return {
            result: { ...after, pendingChange: null },
            targetIds: [coin],
            before,
            after: {
              ...after,
              applied: true,
              ...(superseded ? { supersededChange: superseded.id } : {}),
            },
          };
        }
        if (change)
          throw new AppError(
            'CONFLICT',
            `A raise of the ${coin} threshold to ${change.toValue} by ${change.proposedByAdminUserName} awaits confirmation; confirm or withdraw it first.`,
            {
              reason: 'THRESHOLD_CHANGE_PENDING',
              id: change.id,
              params: {
                id: change.id,
                coin,
                value: change.toValue,
                proposedBy: change.proposedByAdminUserName ?? '',
              },
            },
          );
        const proposed = await repo.insertChange(trx, {
          coinType: coin,
          fromValue: before.secondApprovalAbove,
          toValue: text,
          adminUserId: admin.id,
          adminUserName: admin.name,
        });
        return {
          result: { ...before, pendingChange: pending(proposed) },
          targetIds: [coin],
          before,
          after: {
            ...before,
            applied: false,
            proposedChange: { id: proposed.id, toValue: proposed.toValue },
          },
        };
      });
    },

    /**
     * A second super admin confirms a pending raise: the threshold takes the proposed value.
     * The proposer cannot confirm their own (FORBIDDEN, reason OWN_THRESHOLD_CHANGE), nor can
     * an account the proposer created or gave its approving role (the approval rule:
     * FORBIDDEN, reason NOT_A_SECOND_PERSON).
     */
    confirmThresholdChange: (
      actor: Actor,
      input: ThresholdChangeInput,
    ): Promise<ApprovalThreshold> => {
      const id = changeId(String(input.id));
      sessionAdmin(actor);
      return audit.withAudit(actor, CONFIRM_THRESHOLD_CHANGE.name, async (trx) => {
        const { threshold: before, change } = await lockPending(trx, id);
        const admin = await approverFor(trx, actor, CONFIRM_THRESHOLD_CHANGE.name);
        const refusal = admin.refusalAgainst([change.proposedByAdminUserId]);
        if (refusal?.relation === 'same')
          throw new AppError(
            'FORBIDDEN',
            'You proposed this threshold change; a second admin must confirm it.',
            { reason: 'OWN_THRESHOLD_CHANGE', id, params: { id } },
          );
        if (refusal)
          throw notASecondPerson(
            refusal,
            { name: change.proposedByAdminUserName },
            `the threshold raise ${id} proposed by ${change.proposedByAdminUserName}`,
          );
        if (change.proposedByAdminUserId === null)
          throw new AppError(
            'CONFLICT',
            `The admin who proposed threshold change ${id} no longer exists; withdraw it and propose again.`,
            {
              reason: 'THRESHOLD_CHANGE_CLOSED',
              id,
              status: 'pending',
              params: { id, status: 'pending' },
            },
          );
        if (compareDecimals(before.secondApprovalAbove, change.fromValue) !== 0)
          throw closed(id, 'out of date');
        await repo.closeChange(trx, id, 'confirmed', admin);
        // The trigger of migration 0121 checks this raise against the confirmed change.
        const after = await repo.setApprovalThreshold(trx, change.coinType, change.toValue);
        return {
          result: { ...after, pendingChange: null },
          targetIds: [change.coinType],
          before,
          after: {
            ...after,
            change: id,
            proposedBy: change.proposedByAdminUserName,
            proposedAt: change.proposedAt.toISOString(),
          },
        };
      });
    },

    /**
     * Withdraws a pending raise (its proposer, or another super admin declining it); the
     * threshold stays as it is.
     */
    cancelThresholdChange: (
      actor: Actor,
      input: ThresholdChangeInput,
    ): Promise<ApprovalThreshold> => {
      const id = changeId(String(input.id));
      const admin = sessionAdmin(actor);
      return audit.withAudit(actor, CANCEL_THRESHOLD_CHANGE.name, async (trx) => {
        const { threshold, change } = await lockPending(trx, id);
        await repo.closeChange(trx, id, 'withdrawn', admin);
        return {
          result: { ...threshold, pendingChange: null },
          targetIds: [change.coinType],
          before: { ...threshold, pendingChange: { id, toValue: change.toValue } },
          after: { ...threshold, withdrawnChange: id },
        };
      });
    },
  };
}
