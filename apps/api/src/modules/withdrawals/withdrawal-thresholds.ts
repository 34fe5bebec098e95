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
import type { Actor } from '../../shared/actor';
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
const THRESHOLD_COINS = ['HEC', 'ETH', 'ATEM'] as const satisfies readonly repo.ThresholdCoin[];

export function thresholdCoin(coinType: string): repo.ThresholdCoin {
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

export function changeId(value: string): string {
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,18}$/.test(text)) throw notAnId('id', 'is not an id.');
  return text;
}

/** The admin of the session: a proposal and its confirmation each name theirs. */
export function sessionAdmin(actor: Actor): { id: number; name: string } {
  if (actor.adminUserId === null || actor.adminUserName === null)
    throw new AppError('FORBIDDEN', 'Only a signed-in admin can change an approval threshold.');
  return { id: actor.adminUserId, name: actor.adminUserName };
}

export function pending(change: repo.ThresholdChangeRow | undefined): ThresholdChange | null {
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

export function closed(id: string, status: string): AppError {
  return new AppError(
    'CONFLICT',
    `Threshold change ${id} is ${status}, no longer pending; nothing was changed.`,
    { reason: 'THRESHOLD_CHANGE_CLOSED', id, status, params: { id, status } },
  );
}

/** A pending raise, by its id (confirming and withdrawing take the same input). */
export const THRESHOLD_CHANGE_ID = { id: { type: 'ID', required: true } } as const;

/** The coin's threshold locked for this transaction, with its pending raise. */
export async function lockCoin(trx: Transaction<DB>, coin: repo.ThresholdCoin) {
  const threshold = await repo.lockApprovalThreshold(trx, coin);
  if (!threshold) throw notFound('withdrawalThreshold', coin);
  return { threshold, change: await repo.pendingChangeOf(trx, coin) };
}

/** A proposal by id with its coin locked, checked to be still pending. */
export async function lockPending(trx: Transaction<DB>, id: string) {
  const found = await repo.findChange(trx, id);
  if (!found) throw notFound('thresholdChange', id);
  const { threshold } = await lockCoin(trx, found.coinType);
  // Read again under the coin's lock: a concurrent confirm, withdrawal or lowering has
  // committed by now.
  const change = (await repo.findChange(trx, id))!;
  if (change.status !== 'pending') throw closed(id, change.status);
  return { threshold, change };
}

/**
 * The per-coin two-person approval thresholds as they are (docs/domain.md, "Threshold
 * changes"), with any pending raise. The changes are one file each in commands/
 * (update-threshold.ts, confirm-threshold-change.ts, cancel-threshold-change.ts): a raise
 * weakens the control and is a proposal until a second, different super admin confirms it; a
 * lowering applies at once and supersedes a pending raise of the coin.
 */
export function createWithdrawalThresholds(db: Kysely<DB>) {
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
  };
}
