import { builder } from '../../graphql/builder';
import type { AdminNameRow } from './admin-users-repository';
import { AdminRoleGrantRef, AdminUserRef, RoleRef } from './admin-users-types';

const AdminUserNameRef = builder.objectRef<AdminNameRow>('AdminUserName').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    userName: t.exposeString('userName'),
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
