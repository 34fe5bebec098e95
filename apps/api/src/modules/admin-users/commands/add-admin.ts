import { validateNewAdminUser, type RoleName, change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { assertValid } from '../../../shared/validation-error';
import { hashPassword } from '../../auth/password';
import {
  assertIdentityFree,
  mapUniqueViolation,
  ROLES,
  ADMIN_ACCOUNT_WRITE,
} from '../admin-account-rules';
import { adminSnapshot, giveRoles } from '../admin-role-grants';
import * as repo from '../admin-users-repository';
import { NewAdminUserResultRef } from '../admin-users-types';
import { generateOneTimePassword } from '../one-time-password';

/**
 * Creates an admin with a random one-time password, returned once to the creator and never
 * stored in clear; the new admin must change it before doing anything else.
 */
export const ADD_ADMIN = defineCommand({
  name: 'postAddNewAdminUser',
  event: change<
    null,
    AdminUserSummary & { mustChangePassword: boolean; pendingGrants?: string[] }
  >()('admin_user'),
  description: 'Creates an admin account and returns its one-time password, once.',
  access: 'superAdmin',
  ...ADMIN_ACCOUNT_WRITE,
  input: {
    userName: { type: 'String', required: true },
    email: { type: 'String', required: true },
    ...ROLES,
  },
  answer: NewAdminUserResultRef,
  handler: async (input, { actor, audit, locale }) => {
    const userName = input.userName.trim();
    const email = input.email.trim();
    assertValid(validateNewAdminUser({ userName, email, roles: input.roles }), locale);
    const oneTimePassword = generateOneTimePassword();
    const passwordHash = await hashPassword(oneTimePassword);
    const roles = [...new Set(input.roles)] as RoleName[];
    const created = await mapUniqueViolation(
      () =>
        audit.change(async (trx) => {
          await assertIdentityFree(trx, { email, userName }, locale);
          const id = await repo.insertAdmin(trx, {
            userName,
            email,
            passwordHash,
            mustChangePassword: true,
            roles: [],
            createdBy: actor.adminUserId,
          });
          // An approving role may wait for a second super admin; meanwhile the account reads
          // (every admin holds at least one role).
          const { pending } = await giveRoles(trx, actor, id, roles);
          if ((await repo.findRoleNames(trx, id)).length === 0)
            await giveRoles(trx, actor, id, ['read']);
          return {
            result: { user: (await repo.findAdminById(trx, id))!, pendingGrants: pending },
            targetIds: [id],
            before: null,
            after: {
              ...(await adminSnapshot(trx, id))!,
              mustChangePassword: true,
              pendingGrants: pending.map((g) => g.role),
            },
          };
        }),
      locale,
    );
    return { ...created, oneTimePassword, message: 'Admin user created.' };
  },
});
