import { change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { GRANT_ID } from '../admin-account-rules';
import { adminSnapshot, grantId, lockPendingGrant } from '../admin-role-grants';
import * as grantsRepo from '../admin-role-grants-repository';
import * as repo from '../admin-users-repository';
import { RoleChangeResultRef } from '../admin-users-types';

/** Withdraws a pending grant (its proposer, or another super admin declining it). */
export const CANCEL_ROLE_GRANT = defineCommand({
  name: 'postCancelAdminRoleGrant',
  event: change<
    AdminUserSummary & { pendingGrant: { id: string; role: string } },
    AdminUserSummary & { withdrawnGrant: string }
  >()('admin_user'),
  description:
    'Withdraws a pending grant of an approving role (its proposer or another super admin).',
  access: 'superAdmin',
  scope: 'records',
  refreshes: ['adminUsers', 'adminRoleGrants', 'superAdminCount'],
  input: GRANT_ID,
  answer: RoleChangeResultRef,
  handler: async (input, { actor, audit }) => {
    const id = grantId(input.id);
    const user = await audit.change(async (trx) => {
      const grant = await lockPendingGrant(trx, id);
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
    return { user, pendingGrants: [], message: 'Role grant withdrawn.' };
  },
});
