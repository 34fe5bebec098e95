import { change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import {
  adminNotFound,
  dropApprovalsOf,
  USER_ID,
  ADMIN_ACCOUNT_WRITE,
} from '../admin-account-rules';
import { adminSnapshot } from '../admin-role-grants';
import * as repo from '../admin-users-repository';
import { DeleteAdminUserResultRef } from '../admin-users-types';
import { lockAdminForChange } from '../approval-rule-repository';

/**
 * Deletes another admin; their tokens stop working at once. Nobody deletes themselves, and the
 * last super admin cannot be deleted.
 */
export const DELETE_ADMIN = defineCommand({
  name: 'postDeleteAdminUser',
  event: change<AdminUserSummary, null>()('admin_user'),
  description: 'Deletes another admin account; its sessions end at once.',
  access: 'superAdmin',
  ...ADMIN_ACCOUNT_WRITE,
  input: USER_ID,
  answer: DeleteAdminUserResultRef,
  handler: async ({ userId }, { actor, audit, services }) => {
    if (userId === actor.adminUserId) {
      throw new AppError('CONFLICT', 'You cannot delete your own account.', {
        reason: 'OWN_ACCOUNT_DELETE',
        params: { adminUserId: userId },
      });
    }
    await audit.change(async (trx) => {
      await repo.lockSuperAdminRole(trx);
      await lockAdminForChange(trx, userId);
      const before = await adminSnapshot(trx, userId);
      if (!before) throw adminNotFound(userId);
      if (before.roles.includes('super_admin') && (await repo.countSuperAdmins(trx)) <= 1) {
        throw new AppError('CONFLICT', 'The last super admin cannot be deleted.', {
          reason: 'LAST_SUPER_ADMIN_DELETE',
          params: { adminUserId: userId },
        });
      }
      await dropApprovalsOf(trx, services.audit, actor, before, null);
      await repo.deleteAdmin(trx, userId);
      return { result: undefined, targetIds: [userId], before, after: null };
    });
    return { deletedUserId: userId, message: 'Admin user deleted.' };
  },
});
