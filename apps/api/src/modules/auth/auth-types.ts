import { builder } from '../../graphql/builder';
import { AdminUserRef } from '../admin-users/admin-users-types';

/** What the session and two-factor writes answer. */

export const SignInResultRef = builder
  .objectRef<{ message: string; accessToken: string; adminUserId: number }>('SignInResult')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      accessToken: t.exposeString('accessToken'),
      user: t.field({
        type: AdminUserRef,
        resolve: (result, _args, ctx) => ctx.services.adminUsers.getAdmin(result.adminUserId),
      }),
    }),
  });

export const TotpEnrollmentRef = builder
  .objectRef<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }>('TotpEnrollment')
  .implement({
    description:
      'A TOTP secret offered for enrolment: type the secret or scan the QR code, then confirm a code.',
    fields: (t) => ({
      secret: t.exposeString('secret'),
      otpauthUri: t.exposeString('otpauthUri'),
      qrCodeDataUrl: t.exposeString('qrCodeDataUrl', {
        description: 'An SVG image of the QR code, as a data: URL.',
      }),
    }),
  });

export const TotpStatusRef = builder
  .objectRef<{ message: string; totpEnabled: boolean }>('TotpStatus')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      totpEnabled: t.exposeBoolean('totpEnabled'),
    }),
  });
