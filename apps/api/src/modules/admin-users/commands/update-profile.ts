import { validateProfileUpdate, change, type AdminUserSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { assertValid, validationError } from '../../../shared/validation-error';
import { isCommonPassword } from '../../auth/common-passwords';
import { hashPassword } from '../../auth/password';
import { adminNotFound, assertIdentityFree, mapUniqueViolation } from '../admin-account-rules';
import { adminSnapshot } from '../admin-role-grants';
import * as repo from '../admin-users-repository';
import { ProfileUpdateResultRef } from '../admin-users-types';

/** The operation, also named by a failed old-password check (reauth.ts). */
const NAME = 'postUpdateAdminUserProfile';

/**
 * Changes the admin's own email, user name and/or password. The old password is required to
 * change the email or the password; a new password revokes the admin's other tokens.
 */
export const UPDATE_PROFILE = defineCommand({
  name: NAME,
  event: change<
    AdminUserSummary,
    AdminUserSummary & { passwordChanged: boolean; revokedTokens: number }
  >()('admin_user'),
  description:
    "Changes the signed-in admin's own email, user name and/or password; the old password is required to change the email or the password.",
  access: 'self',
  scope: 'records',
  refreshes: 'everything',
  input: {
    email: { type: 'String' },
    userName: { type: 'String' },
    oldPassword: { type: 'String' },
    newPassword: { type: 'String' },
  },
  answer: ProfileUpdateResultRef,
  handler: async (input, { actor, admin, audit, locale, services }) => {
    const self = admin!;
    const current = await services.adminUsers.getAdmin(self.id);
    const email = input.email?.trim() || undefined;
    const userName = input.userName?.trim() || undefined;
    const newPassword = input.newPassword || undefined;
    assertValid(
      validateProfileUpdate(
        { email, userName, oldPassword: input.oldPassword, newPassword },
        { email: current.email, mustChangePassword: current.mustChangePassword },
      ),
      locale,
    );
    // Beyond the spec's rules: none of the most common passwords (Password123 passes them).
    if (newPassword && isCommonPassword(newPassword))
      throw validationError([{ field: 'newPassword', rule: 'common' }], locale);
    const changesEmail = email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
    if (
      (changesEmail || newPassword) &&
      input.oldPassword &&
      !(await services.auth.passwordMatchesThrottled(actor, self.id, input.oldPassword, NAME))
    )
      throw validationError([{ field: 'oldPassword', rule: 'incorrect' }], locale);
    const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
    const changed = await mapUniqueViolation(
      () =>
        audit.change(async (trx) => {
          const before = await adminSnapshot(trx, self.id);
          if (!before) throw adminNotFound(self.id);
          await assertIdentityFree(
            trx,
            {
              ...(email !== undefined && email !== before.email ? { email } : {}),
              ...(userName !== undefined && userName !== before.userName ? { userName } : {}),
            },
            locale,
            self.id,
          );
          await repo.updateAdminProfile(
            trx,
            self.id,
            {
              ...(email !== undefined ? { email } : {}),
              ...(userName !== undefined ? { userName } : {}),
              ...(passwordHash !== undefined ? { passwordHash } : {}),
            },
            services.clock(),
          );
          // A new password ends every other session of this admin at its next request.
          const revokedTokens = passwordHash
            ? await services.auth.revokeSessions(trx, self.id, self.tokenHash)
            : 0;
          const after = (await adminSnapshot(trx, self.id))!;
          return {
            result: { newEmail: after.email, newUserName: after.userName },
            targetIds: [self.id],
            before,
            after: { ...after, passwordChanged: passwordHash !== undefined, revokedTokens },
          };
        }),
      locale,
    );
    return { ...changed, message: 'Profile updated.' };
  },
});
