// The admin-users module's GraphQL object types that other modules show (sign-in answers
// with the admin): a module may not import another module's schema file, so these live apart.
import { builder } from '../../graphql/builder';
import type { RoleGrant } from './admin-role-grants';
import type { AdminUserRow, RoleRow } from './admin-users-repository';

export const RoleRef = builder.objectRef<RoleRow>('Role').implement({
  description: 'An admin role: read, write or super_admin.',
  fields: (t) => ({
    name: t.exposeString('name'),
    description: t.exposeString('description'),
  }),
});

export const AdminUserRef = builder.objectRef<AdminUserRow>('AdminUser').implement({
  description: 'An account of the admin console.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    userName: t.exposeString('userName'),
    email: t.exposeString('email'),
    roles: t.field({
      type: [RoleRef],
      resolve: async (admin, _args, ctx) =>
        (await ctx.services.adminUsers.rolesOf([admin.id])).get(admin.id) ?? [],
    }),
    mustChangePassword: t.exposeBoolean('mustChangePassword', {
      description: 'True until the admin replaces the one-time password given at creation.',
    }),
    totpEnabled: t.exposeBoolean('totpEnabled', {
      description: 'Whether sign-in asks for a code from an authenticator app.',
    }),
    totpRequired: t.boolean({
      description:
        'For the signed-in admin: two-factor authentication must be turned on before anything else (REQUIRE_TOTP_FOR_SUPER_ADMIN). False for other admins.',
      resolve: (admin, _args, ctx) => ctx.admin?.id === admin.id && ctx.admin.totpRequired,
    }),
  }),
});

// What the admin account writes answer (commands/).

export const AdminRoleGrantRef = builder.objectRef<RoleGrant>('AdminRoleGrant').implement({
  description:
    'A grant of a role that can approve (write, super_admin) waiting for a second super admin: given once two super admins exist (docs/domain.md, "Who may second whom").',
  fields: (t) => ({
    id: t.exposeID('id'),
    adminUserId: t.exposeInt('adminUserId'),
    adminUserName: t.exposeString('adminUserName'),
    role: t.exposeString('role'),
    proposedByAdminUserId: t.exposeInt('proposedByAdminUserId', { nullable: true }),
    proposedByAdminUserName: t.exposeString('proposedByAdminUserName'),
    proposedAt: t.expose('proposedAt', { type: 'DateTime' }),
  }),
});

const PENDING_GRANTS_NOTE =
  'The approving roles asked for that wait for a second super admin (none while at most one super admin exists).';

export const RoleChangeResultRef = builder
  .objectRef<{ user: AdminUserRow; message: string; pendingGrants: RoleGrant[] }>(
    'RoleChangeResult',
  )
  .implement({
    fields: (t) => ({
      user: t.expose('user', { type: AdminUserRef }),
      message: t.exposeString('message'),
      pendingGrants: t.expose('pendingGrants', {
        type: [AdminRoleGrantRef],
        description: PENDING_GRANTS_NOTE,
      }),
    }),
  });

export const NewAdminUserResultRef = builder
  .objectRef<{
    user: AdminUserRow;
    oneTimePassword: string;
    message: string;
    pendingGrants: RoleGrant[];
  }>('NewAdminUserResult')
  .implement({
    fields: (t) => ({
      user: t.expose('user', { type: AdminUserRef }),
      pendingGrants: t.expose('pendingGrants', {
        type: [AdminRoleGrantRef],
        description: PENDING_GRANTS_NOTE,
      }),
      oneTimePassword: t.exposeString('oneTimePassword', {
        description: 'Shown once to the creator; the new admin must change it at first sign-in.',
      }),
      message: t.exposeString('message'),
    }),
  });

export const ProfileUpdateResultRef = builder
  .objectRef<{ newEmail: string; newUserName: string; message: string }>(
    'AdminUserProfileUpdateResult',
  )
  .implement({
    fields: (t) => ({
      newEmail: t.exposeString('newEmail'),
      newUserName: t.exposeString('newUserName'),
      message: t.exposeString('message'),
    }),
  });

export const DeleteAdminUserResultRef = builder
  .objectRef<{ deletedUserId: number; message: string }>('DeleteAdminUserResult')
  .implement({
    fields: (t) => ({
      deletedUserId: t.exposeInt('deletedUserId'),
      message: t.exposeString('message'),
    }),
  });
