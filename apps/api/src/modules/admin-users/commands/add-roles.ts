import { change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import {
  adminNotFound,
  roleNames,
  ROLES,
  USER_ID,
  ADMIN_ACCOUNT_WRITE,
} from '../admin-account-rules';
import { adminSnapshot, giveRoles } from '../admin-role-grants';
import * as repo from '../admin-users-repository';
import { RoleChangeResultRef } from '../admin-users-types';

/**
 * Gives an admin more roles; takes effect on that admin's next request. An approving role
 * waits for a second super admin once two exist (giveRoles): it is answered as pending.
 */
export const ADD_ROLES = defineCommand({
  name: 'postAddRoleToUser',
  /** pendingGrants: the approving roles that wait for a second super admin. */
  event: change<AdminUserSummary, (AdminUserSummary & { pendingGrants?: string[] }) | null>()(
    'admin_user',
  ),
  description: 'Gives an admin the listed roles.',
  access: 'superAdmin',
  ...ADMIN_ACCOUNT_WRITE,
  input: { ...USER_ID, ...ROLES },
  answer: RoleChangeResultRef,
  handler: async ({ userId, roles }, { actor, audit, locale }) => {
    const names = roleNames(roles, locale);
    const { user, pendingGrants } = await audit.change(async (trx) => {
      const before = await adminSnapshot(trx, userId);
      if (!before) throw adminNotFound(userId);
      const { pending } = await giveRoles(trx, actor, userId, names);
      const after = await adminSnapshot(trx, userId);
      return {
        result: { user: (await repo.findAdminById(trx, userId))!, pendingGrants: pending },
        targetIds: [userId],
        before,
        after: after ? { ...after, pendingGrants: pending.map((g) => g.role) } : null,
      };
    });
    return {
      user,
      pendingGrants,
      message:
        pendingGrants.length > 0
          ? 'Roles added; the approving roles wait for a second super admin to confirm them.'
          : 'Roles added.',
    };
  },
});
