import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../shared/actor';
import { ThresholdRef } from './withdrawal-threshold-types';
import { changeId, lockPending, sessionAdmin } from './withdrawal-thresholds';

// The writes of the approval thresholds (commands/update-threshold.ts and the decisions on a
// pending raise, commands/confirm-threshold-change.ts and commands/cancel-threshold-change.ts):
// each declares its name, event, access and input in its own file, and shares here what a
// threshold write acts on and answers, and what a decision on one raise is.

/** What a threshold write acts on, changes and answers: the coin's threshold as it is now. */
export const THRESHOLD_WRITE = {
  scope: 'records',
  refreshes: ['withdrawalApprovalThresholds', 'withdrawalRequests', 'withdrawalRequestTimeline'],
  answer: ThresholdRef,
} as const;

/** The raise decided on, locked while pending, with its coin's threshold locked too. */
type PendingRaise = Awaited<ReturnType<typeof lockPending>>;

/**
 * What a decision reports: the coin's threshold once decided (answered without a pending
 * raise), and the threshold before and after as its event declares them.
 */
type Decision<B, A> = {
  threshold: { coinType: string; secondApprovalAbove: string };
  before: B;
  after: A;
};

/** The audited change a decision is written in (its command's own event). */
type DecisionAudit<B, A> = {
  change<T>(
    work: (trx: Transaction<DB>) => Promise<{
      result: T;
      targetIds: ReadonlyArray<string | number>;
      before: B;
      after: A;
    }>,
  ): Promise<T>;
};

/**
 * The handler of a decision on a pending raise by the admin of the session: `decide` changes
 * the raise, locked while pending with its coin, in the audited transaction.
 */
export function decideRaise<B, A>(
  decide: (
    trx: Transaction<DB>,
    raise: PendingRaise,
    id: string,
    session: { actor: Actor; admin: { id: number; name: string } },
  ) => Promise<Decision<B, A>>,
) {
  return (input: { id: string | number }, env: { actor: Actor; audit: DecisionAudit<B, A> }) => {
    const id = changeId(String(input.id));
    const admin = sessionAdmin(env.actor);
    return env.audit.change(async (trx) => {
      const raise = await lockPending(trx, id);
      const { threshold, before, after } = await decide(trx, raise, id, {
        actor: env.actor,
        admin,
      });
      return {
        result: { ...threshold, pendingChange: null },
        targetIds: [raise.change.coinType],
        before,
        after,
      };
    });
  };
}
