import type { RoleName } from '@app/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/actor';
import { notAnId, notFound } from '../../shared/list-input';
import type { AuditService } from '../audit/audit-service';
import {
  CANCEL_ROLE_GRANT,
  CONFIRM_ROLE_GRANT,
  type RoleGrantIdInput,
} from './admin-users-commands';
import * as grantsRepo from './admin-role-grants-repository';
import * as repo from './admin-users-repository';
import { approverFor, isApprovingRole, notASecondPerson } from './approval-rule';

export type RoleGrant = grantsRepo.RoleGrantRow;

/** What the audit trail keeps of an admin: never the password hash or TOTP secret. */
export type AdminSnapshot = { id: number; userName: string; email: string; roles: RoleName[] };

export async function adminSnapshot(
  trx: Transaction<DB>,
  adminId: number,
): Promise<AdminSnapshot | undefined> {
  const admin = await repo.findAdminById(trx, adminId);
  if (!admin) return undefined;
  return {
    id: admin.id,
    userName: admin.userName,
    email: admin.email,
    roles: await repo.findRoleNames(trx, adminId),
  };
}

/**
 * Gives an admin roles, in the caller's audited transaction (docs/domain.md, "Who may second
 * whom"). A role that cannot approve (read) is given at once. A role that can approve (write,
 * super_admin) is given at once only while at most one super admin exists (the start of a
 * fresh install, the one exception); once two exist it becomes a pending grant that another
 * super admin confirms (confirmRoleGrant). Answers what was given and what waits.
 */
export async function giveRoles(
  trx: Transaction<DB>,
  actor: Actor,
  adminId: number,
  roles: readonly RoleName[],
): Promise<{ given: RoleName[]; pending: RoleGrant[] }> {
  const held = await repo.findRoleNames(trx, adminId);
  const wanted = [...new Set(roles)].filter((role) => !held.includes(role));
  const approving = wanted.filter(isApprovingRole);
  // Taken before counting, so two grants cannot both see one super admin.
  if (approving.length > 0) await repo.lockSuperAdminRole(trx);
  const confirmed = approving.length === 0 || (await repo.countSuperAdmins(trx)) < 2;
  const given = confirmed ? wanted : wanted.filter((role) => !isApprovingRole(role));
  await repo.addRoles(trx, adminId, given, { grantedBy: actor.adminUserId, confirmedBy: null });
  const pending: RoleGrant[] = [];
  if (!confirmed) {
    if (actor.adminUserId === null || actor.adminUserName === null)
      throw new AppError('FORBIDDEN', 'Only a signed-in super admin can grant a role.');
    for (const role of approving) {
      const open = await grantsRepo.pendingGrantOf(trx, adminId, role);
      if (!open)
        await grantsRepo.insertGrant(trx, {
          adminUserId: adminId,
          role,
          proposer: { id: actor.adminUserId, name: actor.adminUserName },
        });
      pending.push((await grantsRepo.pendingGrantOf(trx, adminId, role))!);
    }
  }
  return { given, pending };
}

function grantId(value: string): string {
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,18}$/.test(text)) throw notAnId('id', 'is not an id.');
  return text;
}

function closed(id: string, status: string): AppError {
  return new AppError(
    'CONFLICT',
    `Role grant ${id} is ${status}, no longer pending; nothing was changed.`,
    { reason: 'ROLE_GRANT_CLOSED', params: { id, status } },
  );
}

/** Pending grants of approving roles: listed, confirmed by a second super admin, withdrawn. */
export function createAdminRoleGrants(db: Kysely<DB>, audit: Pick<AuditService, 'withAudit'>) {
  async function lockPending(trx: Transaction<DB>, id: string): Promise<RoleGrant> {
    const grant = await grantsRepo.lockGrant(trx, id);
    if (!grant) throw notFound('roleGrant', id);
    if (grant.status !== 'pending') throw closed(id, grant.status);
    return grant;
  }

  return {
    /** The grants waiting for a second super admin. */
    pendingRoleGrants: (): Promise<RoleGrant[]> => grantsRepo.pendingGrants(db),

    /** How many super admins exist: below two, approving roles are given without a second. */
    superAdminCount: (): Promise<number> => repo.countSuperAdmins(db),

    /**
     * A second super admin confirms a pending grant: the admin gets the role. Neither the
     * proposer nor the admin receiving it may confirm (OWN_ROLE_GRANT), nor an account the
     * proposer created or promoted (the approval rule: NOT_A_SECOND_PERSON).
     */
    confirmRoleGrant: (actor: Actor, input: RoleGrantIdInput): Promise<repo.AdminUserRow> => {
      const id = grantId(String(input.id));
      return audit.withAudit(actor, CONFIRM_ROLE_GRANT.name, async (trx) => {
        const grant = await lockPending(trx, id);
        const admin = await approverFor(trx, actor, CONFIRM_ROLE_GRANT.name);
        const refusal = admin.refusalAgainst([grant.proposedByAdminUserId]);
        if (refusal?.relation === 'same' || admin.id === grant.adminUserId)
          throw new AppError(
            'FORBIDDEN',
            'You proposed this grant or would receive it; another super admin must confirm it.',
            { reason: 'OWN_ROLE_GRANT', params: { id } },
          );
        if (refusal)
          throw notASecondPerson(
            refusal,
            { name: grant.proposedByAdminUserName },
            `the grant of ${grant.role} to ${grant.adminUserName} proposed by ${grant.proposedByAdminUserName}`,
          );
        if (grant.proposedByAdminUserId === null) throw closed(id, 'without its proposer');
        const before = (await adminSnapshot(trx, grant.adminUserId))!;
        await repo.addRoles(trx, grant.adminUserId, [grant.role], {
          grantedBy: grant.proposedByAdminUserId,
          confirmedBy: admin.id,
        });
        await grantsRepo.closeGrant(trx, id, 'confirmed', admin);
        return {
          result: (await repo.findAdminById(trx, grant.adminUserId))!,
          targetIds: [grant.adminUserId],
          before,
          after: {
            ...(await adminSnapshot(trx, grant.adminUserId))!,
            grant: id,
            role: grant.role,
            proposedBy: grant.proposedByAdminUserName,
          },
        };
      });
    },

    /** Withdraws a pending grant (its proposer, or another super admin declining it). */
    cancelRoleGrant: (actor: Actor, input: RoleGrantIdInput): Promise<repo.AdminUserRow> => {
      const id = grantId(String(input.id));
      return audit.withAudit(actor, CANCEL_ROLE_GRANT.name, async (trx) => {
        const grant = await lockPending(trx, id);
        const admin =
          actor.adminUserId !== null && actor.adminUserName !== null
            ? { id: actor.adminUserId, name: actor.adminUserName }
            : null;
        const before = (await adminSnapshot(trx, grant.adminUserId))!;
        await grantsRepo.closeGrant(trx, id, 'withdrawn', admin);
        return {
          result: (await repo.findAdminById(trx, grant.adminUserId))!,
          targetIds: [grant.adminUserId],
          before: { ...before, pendingGrant: { id, role: grant.role } },
          after: { ...before, withdrawnGrant: id },
        };
      });
    },
  };
}
