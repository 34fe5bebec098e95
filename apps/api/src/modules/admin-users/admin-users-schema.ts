import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import type { RoleGrant } from './admin-role-grants';
import {
  ADD_ADMIN,
  ADD_ROLES,
  CANCEL_ROLE_GRANT,
  CONFIRM_ROLE_GRANT,
  DELETE_ADMIN,
  REMOVE_ROLES,
  UPDATE_PROFILE,
} from './admin-users-commands';
import type { AdminNameRow, AdminUserRow } from './admin-users-repository';
import { AdminUserRef, RoleRef } from './admin-users-types';

const AdminUserNameRef = builder.objectRef<AdminNameRow>('AdminUserName').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    userName: t.exposeString('userName'),
  }),
});

const AdminRoleGrantRef = builder.objectRef<RoleGrant>('AdminRoleGrant').implement({
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

const RoleChangeResultRef = builder
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

const NewAdminUserResultRef = builder
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

const ProfileUpdateResultRef = builder
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

const DeleteAdminUserResultRef = builder
  .objectRef<{ deletedUserId: number; message: string }>('DeleteAdminUserResult')
  .implement({
    fields: (t) => ({
      deletedUserId: t.exposeInt('deletedUserId'),
      message: t.exposeString('message'),
    }),
  });

builder.queryField('adminUser', (t) =>
  t.field({
    description: 'The signed-in admin.',
    type: AdminUserRef,
    authScopes: { self: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.getAdmin(ctx.admin!.id),
  }),
);

builder.queryField('adminUsers', (t) =>
  t.field({
    description: 'Every admin account with its roles.',
    type: [AdminUserRef],
    authScopes: { superAdmin: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.listAdmins(),
  }),
);

builder.queryField('adminRoleGrants', (t) =>
  t.field({
    description: 'The grants of approving roles waiting for a second super admin.',
    type: [AdminRoleGrantRef],
    authScopes: { superAdmin: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.pendingRoleGrants(),
  }),
);

builder.queryField('superAdminCount', (t) =>
  t.int({
    description:
      'How many super admins exist. Below two, a super admin gives approving roles alone (the start of a fresh install, the one exception to the two-person rule); the admin-user screen warns until a second one exists.',
    authScopes: { superAdmin: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.superAdminCount(),
  }),
);

builder.queryField('roles', (t) =>
  t.field({
    description: 'The roles an admin can have.',
    type: [RoleRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.listRoles(),
  }),
);

builder.queryField('adminUserNames', (t) =>
  t.field({
    description: 'Ids and user names of every admin (for assignee pickers).',
    type: [AdminUserNameRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.listAdminNames(),
  }),
);

commandMutation(ADD_ROLES, {
  description: 'Gives an admin the listed roles.',
  type: RoleChangeResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => {
    const { admin, pendingGrants } = await ctx.services.adminUsers.addRoles(
      ctx.actor,
      input,
      ctx.locale,
    );
    return {
      user: admin,
      pendingGrants,
      message:
        pendingGrants.length > 0
          ? 'Roles added; the approving roles wait for a second super admin to confirm them.'
          : 'Roles added.',
    };
  },
});

commandMutation(CONFIRM_ROLE_GRANT, {
  description:
    'A second super admin confirms a pending grant of an approving role; not its proposer, not the admin receiving it, not an account the proposer created or promoted (FORBIDDEN, reasons OWN_ROLE_GRANT, NOT_A_SECOND_PERSON).',
  type: RoleChangeResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => ({
    user: await ctx.services.adminUsers.confirmRoleGrant(ctx.actor, input),
    pendingGrants: [],
    message: 'Role grant confirmed.',
  }),
});

commandMutation(CANCEL_ROLE_GRANT, {
  description:
    'Withdraws a pending grant of an approving role (its proposer or another super admin).',
  type: RoleChangeResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => ({
    user: await ctx.services.adminUsers.cancelRoleGrant(ctx.actor, input),
    pendingGrants: [],
    message: 'Role grant withdrawn.',
  }),
});

commandMutation(REMOVE_ROLES, {
  description: 'Takes the listed roles away from an admin.',
  type: RoleChangeResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => ({
    user: await ctx.services.adminUsers.removeRoles(ctx.actor, input, ctx.locale),
    pendingGrants: [],
    message: 'Roles removed.',
  }),
});

commandMutation(ADD_ADMIN, {
  description: 'Creates an admin account and returns its one-time password, once.',
  type: NewAdminUserResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => {
    const { admin, oneTimePassword, pendingGrants } = await ctx.services.adminUsers.createAdmin(
      ctx.actor,
      input,
      ctx.locale,
    );
    return { user: admin, oneTimePassword, pendingGrants, message: 'Admin user created.' };
  },
});

commandMutation(UPDATE_PROFILE, {
  description:
    "Changes the signed-in admin's own email, user name and/or password; the old password is required to change the email or the password.",
  type: ProfileUpdateResultRef,
  authScopes: { self: true },
  resolve: async (input, ctx) => ({
    ...(await ctx.services.adminUsers.updateProfile(ctx.actor, ctx.admin!, input, ctx.locale)),
    message: 'Profile updated.',
  }),
});

commandMutation(DELETE_ADMIN, {
  description: 'Deletes another admin account; its sessions end at once.',
  type: DeleteAdminUserResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => ({
    deletedUserId: await ctx.services.adminUsers.deleteAdmin(ctx.actor, input),
    message: 'Admin user deleted.',
  }),
});
