import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import {
  CONFIRM_TOTP_ENROLLMENT,
  DISABLE_TOTP,
  SIGN_IN,
  SIGN_OUT,
  SIGN_OUT_EVERYWHERE,
  START_TOTP_ENROLLMENT,
} from './auth-commands';
import { AdminUserRef } from '../admin-users/admin-users-types';

const SignInResultRef = builder
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

const TotpEnrollmentRef = builder
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

const TotpStatusRef = builder
  .objectRef<{ message: string; totpEnabled: boolean }>('TotpStatus')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      totpEnabled: t.exposeBoolean('totpEnabled'),
    }),
  });

commandMutation(SIGN_IN, {
  description:
    'Signs in with email and password (and the authenticator code when two-factor authentication is on) and returns a new access token.',
  type: SignInResultRef,
  authScopes: { public: true },
  resolve: async (input, ctx) => {
    const result = await ctx.services.auth.signIn(input, ctx.actor, { userAgent: ctx.userAgent });
    ctx.downloadCookie?.set(result.accessToken);
    return { ...result, message: 'Signed in.' };
  },
});

commandMutation(SIGN_OUT, {
  description: 'Revokes the access token of this request on the server.',
  type: 'Boolean',
  authScopes: { self: true },
  resolve: async (_input, ctx) => {
    await ctx.services.auth.signOut(ctx.actor, ctx.admin!.id, ctx.admin!.tokenHash);
    ctx.downloadCookie?.clear();
    return true;
  },
});

commandMutation(START_TOTP_ENROLLMENT, {
  description: "Offers a new two-factor secret for the signed-in admin's own account.",
  type: TotpEnrollmentRef,
  // self: an admin required to turn two-factor on must be able to.
  authScopes: { self: true },
  resolve: (_input, ctx) =>
    ctx.services.auth.startTotpEnrollment(ctx.actor, ctx.admin!.id, ctx.admin!.email),
});

commandMutation(CONFIRM_TOTP_ENROLLMENT, {
  description: 'Turns two-factor authentication on with a code from the authenticator app.',
  type: TotpStatusRef,
  // self: an admin required to turn two-factor on must be able to.
  authScopes: { self: true },
  resolve: async (input, ctx) => {
    await ctx.services.auth.confirmTotpEnrollment(ctx.actor, ctx.admin!.id, input, ctx.locale);
    return { message: 'Two-factor authentication is on.', totpEnabled: true };
  },
});

commandMutation(DISABLE_TOTP, {
  description: "Turns two-factor authentication off for the signed-in admin's own account.",
  type: TotpStatusRef,
  authScopes: { authenticated: true },
  resolve: async (input, ctx) => {
    await ctx.services.auth.disableTotp(ctx.actor, ctx.admin!.id, input, ctx.locale);
    return { message: 'Two-factor authentication is off.', totpEnabled: false };
  },
});

const AdminSessionRef = builder
  .objectRef<{
    id: string;
    createdAt: Date;
    lastUsedAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    current: boolean;
  }>('AdminSession')
  .implement({
    description:
      'One signed-in session of the admin: it ends at expiresAt, or after the idle timeout without use.',
    fields: (t) => ({
      id: t.exposeID('id'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      lastUsedAt: t.field({
        type: 'DateTime',
        description: 'Recorded at most once a minute.',
        resolve: (s) => s.lastUsedAt,
      }),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
      ip: t.exposeString('ip', { nullable: true, description: 'Where it signed in from.' }),
      userAgent: t.exposeString('userAgent', {
        nullable: true,
        description:
          'The User-Agent header it signed in with (at most 512 characters); null for sessions from before it was kept.',
      }),
      current: t.exposeBoolean('current', { description: 'The session of this request.' }),
    }),
  });

builder.queryField('adminSessions', (t) =>
  t.field({
    description: "The signed-in admin's own live sessions, the most recently used first.",
    type: [AdminSessionRef],
    authScopes: { self: true },
    resolve: (_root, _args, ctx) => ctx.services.auth.sessions(ctx.admin!.id, ctx.admin!.tokenHash),
  }),
);

commandMutation(SIGN_OUT_EVERYWHERE, {
  description:
    'Ends every session of the signed-in admin, this one included; returns how many ended.',
  type: 'Int',
  authScopes: { self: true },
  resolve: async (_input, ctx) => {
    const ended = await ctx.services.auth.signOutEverywhere(ctx.actor, ctx.admin!.id);
    ctx.downloadCookie?.clear();
    return ended;
  },
});
