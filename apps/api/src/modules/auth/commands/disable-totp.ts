import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { validationError } from '../../../shared/validation-error';
import * as repo from '../auth-repository';
import { TotpStatusRef } from '../auth-types';

/** The operation, also named by a failed password check (reauth.ts). */
const NAME = 'postDisableTotp';

/** Turns two-factor authentication off; the admin's password is asked again (throttled). */
export const DISABLE_TOTP = defineCommand({
  name: NAME,
  event: change<{ twoFactor: boolean }, { twoFactor: boolean }>()('admin_user'),
  description: "Turns two-factor authentication off for the signed-in admin's own account.",
  access: 'authenticated',
  scope: 'records',
  refreshes: ['adminUser'],
  input: { password: { type: 'String', required: true } },
  answer: TotpStatusRef,
  handler: async ({ password }, { actor, admin, audit, locale, services }) => {
    const adminId = admin!.id;
    if (!(await services.auth.passwordMatchesThrottled(actor, adminId, password, NAME)))
      throw validationError([{ field: 'password', rule: 'incorrect' }], locale);
    await audit.change(async (trx) => {
      const current = await repo.findCredentialsById(trx, adminId);
      await repo.setTotpSecret(trx, adminId, null, null, services.clock());
      return {
        result: undefined,
        targetIds: [adminId],
        before: { twoFactor: (current?.totpSecret ?? null) !== null },
        after: { twoFactor: false },
      };
    });
    return { message: 'Two-factor authentication is off.', totpEnabled: false };
  },
});
