import { change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { GRANT_ID } from '../admin-account-rules';
import { adminSnapshot } from '../admin-role-grants';
import * as grantsRepo from '../admin-role-grants-repository';
import { decideGrant, GRANT_DECISION } from '../role-grant-decisions';

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
  input: GRANT_ID,
  ...GRANT_DECISION,
  handler: decideGrant('Role grant withdrawn.', async (trx, grant, id, actor) => {
    const admin =
      actor.adminUserId !== null && actor.adminUserName !== null
        ? { id: actor.adminUserId, name: actor.adminUserName }
        : null;
    const before = (await adminSnapshot(trx, grant.adminUserId))!;
    await grantsRepo.closeGrant(trx, id, 'withdrawn', admin);
    return {
      before: { ...before, pendingGrant: { id, role: grant.role } },
      after: { ...before, withdrawnGrant: id },
    };
  }),
});
