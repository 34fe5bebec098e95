import type { RoleName } from '@app/shared';
import type { Executor } from '../../db/executor';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/actor';
import * as repo from './approval-rule-repository';

/**
 * The one approval rule (docs/domain.md, "Who may second whom"). Every write that approves or
 * confirms what another admin proposed or approved first goes through `approverFor`, and the
 * enumeration test (approval-rule.test.ts) fails when a mutation that approves or confirms is
 * missing here or is not refused by it. For each one: the roles that may give it.
 */
export const APPROVING_OPERATIONS = {
  postApproveWithdrawalRequests: ['write', 'super_admin'],
  postApproveMatchingWithdrawalRequests: ['write', 'super_admin'],
  postConfirmWithdrawalApprovalThresholdChange: ['super_admin'],
  postConfirmAdminRoleGrant: ['super_admin'],
} as const satisfies Record<string, readonly RoleName[]>;

type ApprovingOperation = keyof typeof APPROVING_OPERATIONS;

/**
 * The roles whose holder may approve something. An admin left with none of them (demoted or
 * deleted) no longer approves: their approvals of requests not yet exported are voided
 * (withdrawal-approval-voiding.ts), and granting one of them is itself confirmed by a second
 * super admin once two exist (admin-role-grants.ts).
 */
const APPROVING_ROLES: readonly RoleName[] = ['write', 'super_admin'];

export function isApprovingRole(role: string): boolean {
  return (APPROVING_ROLES as readonly string[]).includes(role);
}

/** Why an admin's approval would not be a second person's: the other admin is… */
type SecondPersonRelation =
  /** …themselves. */
  | 'same'
  /** …the admin who created their account. */
  | 'created'
  /** …the admin who gave them the approving role they hold. */
  | 'granted';

type SecondPersonRefusal = { relation: SecondPersonRelation; otherAdminId: number };

/** The admin giving an approval, checked to hold a role that may give it now. */
export type Approver = {
  id: number;
  name: string;
  /**
   * Whether this approval counts beside those of `others` (the proposer, or the admins who
   * approved first): null when it does, else the first relation that makes it the same
   * person's. A null id (an admin since deleted) relates to nobody.
   */
  refusalAgainst: (others: ReadonlyArray<number | null>) => SecondPersonRefusal | null;
};

/**
 * The approver of `operation`: the session's admin, read (and share-locked) in the write's
 * transaction, who must still exist and hold one of the operation's roles (else FORBIDDEN,
 * reason APPROVER_ROLE_MISSING: a role taken away since the session started counts at once).
 */
export async function approverFor(
  trx: Executor,
  actor: Actor,
  operation: ApprovingOperation,
): Promise<Approver> {
  const allowed: readonly RoleName[] = APPROVING_OPERATIONS[operation];
  const facts =
    actor.adminUserId === null ? undefined : await repo.lockApproverFacts(trx, actor.adminUserId);
  const held = facts?.roles.filter((role) => allowed.includes(role.name)) ?? [];
  if (!facts || held.length === 0)
    throw new AppError('FORBIDDEN', `Only an admin holding ${allowed.join(' or ')} can do this.`, {
      reason: 'APPROVER_ROLE_MISSING',
      params: { roles: allowed.join(', ') },
    });
  // Every approving role held counts: a role given by the other admin makes the approval
  // theirs, whichever role the operation asks for.
  const grantors = new Set(
    facts.roles
      .filter((role) => isApprovingRole(role.name) && role.grantedBy !== null)
      .map((role) => role.grantedBy!),
  );
  return {
    id: facts.id,
    name: facts.userName,
    refusalAgainst(others) {
      for (const other of others) {
        if (other === null) continue;
        if (other === facts.id) return { relation: 'same', otherAdminId: other };
        if (other === facts.createdBy) return { relation: 'created', otherAdminId: other };
        if (grantors.has(other)) return { relation: 'granted', otherAdminId: other };
      }
      return null;
    },
  };
}

/** The refusal of an approval that is not a second person's (FORBIDDEN, NOT_A_SECOND_PERSON). */
export function notASecondPerson(
  refusal: SecondPersonRefusal,
  other: { name: string | null },
  what: string,
): AppError {
  const name = other.name ?? `#${refusal.otherAdminId}`;
  const why =
    refusal.relation === 'created'
      ? `${name} created your account`
      : refusal.relation === 'granted'
        ? `${name} gave you your approving role`
        : 'it is your own';
  return new AppError(
    'FORBIDDEN',
    `You cannot second ${what}: ${why}, so a second person must do it.`,
    {
      reason: 'NOT_A_SECOND_PERSON',
      params: { relation: refusal.relation, otherAdmin: name },
    },
  );
}
