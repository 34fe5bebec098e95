import { builder } from '../../graphql/builder';
import { AdminUserRef } from '../admin-users/admin-users-schema';

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

builder.mutationField('postSignIn', (t) =>
  t.field({
    description: 'Signs in with email and password and returns a new access token.',
    type: SignInResultRef,
    authScopes: { public: true },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.services.auth.signIn(args.email, args.password);
      return { ...result, message: 'Signed in.' };
    },
  }),
);

builder.mutationField('postSignOut', (t) =>
  t.field({
    description: 'Revokes the access token of this request on the server.',
    type: 'Boolean',
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.auth.signOut(ctx.admin!.tokenHash);
      return true;
    },
  }),
);
