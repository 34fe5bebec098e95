// The admin-users module's GraphQL object types that other modules show (sign-in answers
// with the admin): a module may not import another module's schema file, so these live apart.
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
