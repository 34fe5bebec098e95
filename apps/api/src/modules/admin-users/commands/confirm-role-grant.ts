import { change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { GRANT_ID } from '../admin-account-rules';
import { adminSnapshot, closedGrant } from '../admin-role-grants';
import * as grantsRepo from '../admin-role-grants-repository';
import * as repo from '../admin-users-repository';
import { approverFor, notASecondPerson } from '../approval-rule';
import { decideGrant, GRANT_DECISION } from '../role-grant-decisions';

/** The operation, also named by the approval rule's refusals (approval-rule.ts). */
const NAME = 'postConfirmAdminRoleGrant';

/**
 * A second super admin confirms a pending grant: the admin gets the role. Neither the proposer
 * nor the admin receiving it may confirm (OWN_ROLE_GRANT), nor an account the proposer created
 * or promoted (the approval rule: NOT_A_SECOND_PERSON).
 */
export const CONFIRM_ROLE_GRANT = defineCommand({
  name: NAME,
  /** A second super admin confirmed or withdrew a pending grant of an approving role. */
  event: change<
    AdminUserSummary,
    AdminUserSummary & { grant: string; role: string; proposedBy: string }
  >()('admin_user'),
  description:
    'A second super admin confirms a pending grant of an approving role; not its proposer, not the admin receiving it, not an account the proposer created or promoted (FORBIDDEN, reasons OWN_ROLE_GRANT, NOT_A_SECOND_PERSON).',
  access: 'superAdmin',
  input: GRANT_ID,
  ...GRANT_DECISION,
  handler: decideGrant('Role grant confirmed.', async (trx, grant, id, actor) => {
    const admin = await approverFor(trx, actor, NAME);
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
    if (grant.proposedByAdminUserId === null) throw closedGrant(id, 'without its proposer');
    const before = (await adminSnapshot(trx, grant.adminUserId))!;
    await repo.addRoles(trx, grant.adminUserId, [grant.role], {
      grantedBy: grant.proposedByAdminUserId,
      confirmedBy: admin.id,
    });
    await grantsRepo.closeGrant(trx, id, 'confirmed', admin);
    return {
      before,
      after: {
        ...(await adminSnapshot(trx, grant.adminUserId))!,
        grant: id,
        role: grant.role,
        proposedBy: grant.proposedByAdminUserName,
      },
    };
  }),
});
