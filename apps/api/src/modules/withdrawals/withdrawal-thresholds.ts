import type { Kysely } from 'kysely';
import {
  checkDecimalText,
  compareDecimals,
  describeDecimalProblem,
  UNIT_SCALES,
} from '@app/shared';
import type { DB } from '../../db/schema';
import { badInput, notFound } from '../../shared/list-input';
import type { Actor, AuditService } from '../audit/audit-service';
import * as repo from './withdrawal-actions-repository';

export type ApprovalThreshold = { coinType: string; secondApprovalAbove: string };

/** The coins a withdrawal pays in (migration 0070's CHECK). */
export const THRESHOLD_COINS = [
  'HEC',
  'ETH',
  'ATEM',
] as const satisfies readonly repo.ThresholdCoin[];

function thresholdCoin(coinType: string): repo.ThresholdCoin {
  if (!(THRESHOLD_COINS as readonly string[]).includes(coinType))
    throw badInput('coinType', `must be one of ${THRESHOLD_COINS.join(', ')}.`);
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
    throw badInput('secondApprovalAbove', 'must be more than 0.');
  if (compareDecimals(text, COIN_AMOUNT_LIMIT) >= 0)
    throw badInput('secondApprovalAbove', 'must be less than 10^20.');
  return text;
}

/** The per-coin two-person approval thresholds (docs/domain.md, "Withdrawal approval"). */
export function createWithdrawalThresholds(db: Kysely<DB>, audit: Pick<AuditService, 'withAudit'>) {
  return {
    approvalThresholds: (): Promise<ApprovalThreshold[]> => repo.approvalThresholds(db),

    /**
     * Changes one coin's threshold (super admins; the schema enforces the role). Audited with
     * the old and the new value; the next approval of the coin counts against the new one.
     */
    updateApprovalThreshold: (
      actor: Actor,
      coinType: string,
      value: string,
    ): Promise<ApprovalThreshold> => {
      const coin = thresholdCoin(coinType);
      const text = checkThreshold(coin, value);
      return audit.withAudit(
        actor,
        {
          operation: 'postUpdateWithdrawalApprovalThreshold',
          targetType: 'withdrawal_approval_threshold',
        },
        async (trx) => {
          const before = await repo.lockApprovalThreshold(trx, coin);
          if (!before) throw notFound('Withdrawal approval threshold', coinType);
          const after = await repo.setApprovalThreshold(trx, coin, text);
          return { result: after, targetIds: [coinType], before, after };
        },
      );
    },
  };
}
