import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../shared/actor';
import { ADMIN_ACCOUNT_WRITE } from './admin-account-rules';
import { grantId, lockPendingGrant, type RoleGrant } from './admin-role-grants';
import * as repo from './admin-users-repository';
import { RoleChangeResultRef } from './admin-users-types';

// The decisions on a pending grant of an approving role (commands/confirm-role-grant.ts,
// commands/cancel-role-grant.ts): each declares its name, event, access and input in its own
// file, and shares here what a decision on one grant is: the grant locked while still pending,
// the admin who would receive it answered and audited.

/** What a decision on a grant acts on, changes and answers. */
export const GRANT_DECISION = { ...ADMIN_ACCOUNT_WRITE, answer: RoleChangeResultRef } as const;

/** The grant's admin before and after the decision, as its event declares them. */
type Decision<B, A> = { before: B; after: A };

/** The audited change a decision is written in (its command's own event). */
type DecisionAudit<B, A> = {
  change<T>(
    work: (
      trx: Transaction<DB>,
    ) => Promise<Decision<B, A> & { result: T; targetIds: ReadonlyArray<string | number> }>,
  ): Promise<T>;
};

/**
 * The handler of a decision: `decide` changes the grant locked while pending, in the audited
 * transaction, and reports its admin before and after; the answer is that admin, with `message`.
 */
export function decideGrant<B, A>(
  message: string,
  decide: (
    trx: Transaction<DB>,
    grant: RoleGrant,
    id: string,
    actor: Actor,
  ) => Promise<Decision<B, A>>,
) {
  return async (
    input: { id: string | number },
    env: { actor: Actor; audit: DecisionAudit<B, A> },
  ) => {
    const id = grantId(input.id);
    const user = await env.audit.change(async (trx) => {
      const grant = await lockPendingGrant(trx, id);
      const { before, after } = await decide(trx, grant, id, env.actor);
      return {
        result: (await repo.findAdminById(trx, grant.adminUserId))!,
        targetIds: [grant.adminUserId],
        before,
        after,
      };
    });
    return { user, pendingGrants: [], message };
  };
}
