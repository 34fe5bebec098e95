import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import {
  ADD_ADMIN,
  ADD_ROLES,
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

const RoleChangeResultRef = builder
  .objectRef<{ user: AdminUserRow; message: string }>('RoleChangeResult')
  .implement({
    fields: (t) => ({
      user: t.expose('user', { type: AdminUserRef }),
      message: t.exposeString('message'),
    }),
  });

const NewAdminUserResultRef = builder
  .objectRef<{ user: AdminUserRow; oneTimePassword: string; message: string }>('NewAdminUserResult')
  .implement({
    fields: (t) => ({
      user: t.expose('user', { type: AdminUserRef }),
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
  resolve: async (input, ctx) => ({
    user: await ctx.services.adminUsers.addRoles(ctx.actor, input, ctx.locale),
    message: 'Roles added.',
  }),
});

commandMutation(REMOVE_ROLES, {
  description: 'Takes the listed roles away from an admin.',
  type: RoleChangeResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => ({
    user: await ctx.services.adminUsers.removeRoles(ctx.actor, input, ctx.locale),
    message: 'Roles removed.',
  }),
});

commandMutation(ADD_ADMIN, {
  description: 'Creates an admin account and returns its one-time password, once.',
  type: NewAdminUserResultRef,
  authScopes: { superAdmin: true },
  resolve: async (input, ctx) => {
    const { admin, oneTimePassword } = await ctx.services.adminUsers.createAdmin(
      ctx.actor,
      input,
      ctx.locale,
    );
    return { user: admin, oneTimePassword, message: 'Admin user created.' };
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
