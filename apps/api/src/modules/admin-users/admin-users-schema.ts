import { builder } from '../../graphql/builder';
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
  }),
});

builder.queryField('adminUser', (t) =>
  t.field({
    description: 'The signed-in admin.',
    type: AdminUserRef,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.adminUsers.getAdmin(ctx.admin!.id),
  }),
);
