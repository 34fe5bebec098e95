import type { RoleName } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/actor';
import { notAnId, notFound } from '../../shared/list-input';
import * as grantsRepo from './admin-role-grants-repository';
import * as repo from './admin-users-repository';
import { isApprovingRole } from './approval-rule';

export type RoleGrant = grantsRepo.RoleGrantRow;

/** What the audit trail keeps of an admin: never the password hash or TOTP secret. */
type AdminSnapshot = { id: number; userName: string; email: string; roles: RoleName[] };

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

/** A grant's id as the writes take it (a positive bigint, as text). */
export function grantId(value: string | number): string {
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,18}$/.test(text)) throw notAnId('id', 'is not an id.');
  return text;
}

/** Locks a grant that is still pending: a closed one is not confirmed or withdrawn again. */
export async function lockPendingGrant(trx: Transaction<DB>, id: string): Promise<RoleGrant> {
  const grant = await grantsRepo.lockGrant(trx, id);
  if (!grant) throw notFound('roleGrant', id);
  if (grant.status !== 'pending') throw closedGrant(id, grant.status);
  return grant;
}

/** The refusal of a grant no longer pending; nothing was changed. */
export function closedGrant(id: string, status: string): AppError {
  return new AppError(
    'CONFLICT',
    `Role grant ${id} is ${status}, no longer pending; nothing was changed.`,
    { reason: 'ROLE_GRANT_CLOSED', params: { id, status } },
  );
}
