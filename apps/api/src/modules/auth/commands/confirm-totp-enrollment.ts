import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { validationError } from '../../../shared/validation-error';
import * as repo from '../auth-repository';
import { TotpStatusRef } from '../auth-types';
import { verifyTotp } from '../totp';

/** Turns two-factor authentication on once the admin proves the app shows the right code. */
export const CONFIRM_TOTP_ENROLLMENT = defineCommand({
  name: 'postConfirmTotpEnrollment',
  event: change<{ twoFactor: boolean }, { twoFactor: boolean }>()('admin_user'),
  description: 'Turns two-factor authentication on with a code from the authenticator app.',
  // self: an admin required to turn two-factor on must be able to.
  access: 'self',
  scope: 'records',
  refreshes: ['adminUser'],
  input: { totpCode: { type: 'String', required: true } },
  answer: TotpStatusRef,
  handler: async ({ totpCode }, { admin, audit, locale, services }) => {
    const adminId = admin!.id;
    await audit.change(async (trx) => {
      const sealed = await repo.findPendingTotpSecret(trx, adminId);
      if (!sealed)
        throw new AppError('CONFLICT', 'Start two-factor enrolment first.', {
          reason: 'TOTP_ENROLMENT_NOT_STARTED',
        });
      const secret = services.auth.openTotp(adminId, sealed);
      const step = verifyTotp(secret, totpCode.trim(), services.clock(), null);
      if (step === null) throw validationError([{ field: 'totpCode', rule: 'incorrect' }], locale);
      // Pending and active seeds share their row's context: the sealed value moves as is.
      await repo.setTotpSecret(trx, adminId, sealed, step, services.clock());
      return {
        result: undefined,
        targetIds: [adminId],
        before: { twoFactor: false },
        after: { twoFactor: true },
      };
    });
    return { message: 'Two-factor authentication is on.', totpEnabled: true };
  },
});
