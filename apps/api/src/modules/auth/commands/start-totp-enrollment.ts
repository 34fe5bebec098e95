import { change } from '@app/shared';
import QRCode from 'qrcode';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import * as repo from '../auth-repository';
import { TotpEnrollmentRef } from '../auth-types';
import { generateTotpSecret, otpauthUri } from '../totp';

/** Shown as the account's issuer in authenticator apps. */
const TOTP_ISSUER = 'Aube Admin';

/**
 * Offers a new TOTP secret for the admin's own account: the otpauth:// URI and a QR code of
 * it. Nothing changes at sign-in until the admin confirms a code from the app.
 */
export const START_TOTP_ENROLLMENT = defineCommand({
  name: 'postStartTotpEnrollment',
  event: change<null, { pending: boolean }>()('admin_user'),
  description: "Offers a new two-factor secret for the signed-in admin's own account.",
  // self: an admin required to turn two-factor on must be able to.
  access: 'self',
  scope: 'records',
  refreshes: [],
  input: {},
  answer: TotpEnrollmentRef,
  handler: async (_input, { admin, audit, services }) => {
    const adminId = admin!.id;
    const secret = generateTotpSecret();
    await audit.change(async (trx) => {
      const current = await repo.findCredentialsById(trx, adminId);
      if (current?.totpSecret) {
        throw new AppError(
          'CONFLICT',
          'Two-factor authentication is already enabled. Disable it first.',
          { reason: 'TOTP_ALREADY_ENABLED' },
        );
      }
      await repo.setPendingTotpSecret(trx, adminId, services.auth.sealTotp(adminId, secret));
      // The secret itself never goes into the audit trail.
      return { result: undefined, targetIds: [adminId], before: null, after: { pending: true } };
    });
    const uri = otpauthUri(secret, admin!.email, TOTP_ISSUER);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret,
      otpauthUri: uri,
      qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  },
});
