import { change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import {
  adminNotFound,
  dropApprovalsOf,
  roleNames,
  ROLES,
  USER_ID,
  ADMIN_ACCOUNT_WRITE,
} from '../admin-account-rules';
import { adminSnapshot } from '../admin-role-grants';
import * as repo from '../admin-users-repository';
import { RoleChangeResultRef } from '../admin-users-types';
import { lockAdminForChange } from '../approval-rule-repository';

/**
 * Takes roles away; takes effect on that admin's next request. The last super admin keeps
 * super_admin, and every admin keeps at least one role.
 */
export const REMOVE_ROLES = defineCommand({
  name: 'postDeleteRoleFromUser',
  /** voidedApprovals: requests whose approval by this admin was voided (no approving role left). */
  event: change<
    AdminUserSummary,
    (AdminUserSummary & { voidedApprovals?: string[]; withdrawnGrants?: string[] }) | null
  >()('admin_user'),
  description: 'Takes the listed roles away from an admin.',
  access: 'superAdmin',
  ...ADMIN_ACCOUNT_WRITE,
  input: { ...USER_ID, ...ROLES },
  answer: RoleChangeResultRef,
  handler: async ({ userId, roles }, { actor, audit, locale, services }) => {
    const names = roleNames(roles, locale);
    const user = await audit.change(async (trx) => {
      if (names.includes('super_admin')) await repo.lockSuperAdminRole(trx);
      await lockAdminForChange(trx, userId);
      const before = await adminSnapshot(trx, userId);
      if (!before) throw adminNotFound(userId);
      if (
        names.includes('super_admin') &&
        before.roles.includes('super_admin') &&
        (await repo.countSuperAdmins(trx)) <= 1
      ) {
        throw new AppError('CONFLICT', 'The last super admin cannot lose the super_admin role.', {
          reason: 'LAST_SUPER_ADMIN_ROLE',
          params: { adminUserId: userId },
        });
      }
      if (before.roles.every((role) => names.includes(role))) {
        throw new AppError(
          'CONFLICT',
          'An admin user must keep at least one role. Delete the account instead.',
          { reason: 'ROLE_REQUIRED', params: { adminUserId: userId } },
        );
      }
      await repo.removeRoles(trx, userId, names);
      const after = (await adminSnapshot(trx, userId))!;
      const dropped = await dropApprovalsOf(trx, services.audit, actor, before, after.roles);
      return {
        result: (await repo.findAdminById(trx, userId))!,
        targetIds: [userId],
        before,
        after: { ...after, ...dropped },
      };
    });
    return { user, pendingGrants: [], message: 'Roles removed.' };
  },
});
