import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { AUTHORIZATION_ERROR_MESSAGE } from '@app/shared';
import { AppError } from '../shared/app-error';
import type { GraphQLContext } from './context';
import { DateTimeScalar, DecimalScalar } from './scalars';

/**
 * The authorization scopes every operation declares (spec section 6):
 * `public` (only sign-in), `authenticated` (any role may read), `write` (write or
 * super_admin may change data) and `superAdmin` (admin-account management).
 */
export type AuthScopes = {
  public: boolean;
  authenticated: boolean;
  write: boolean;
  superAdmin: boolean;
};

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Decimal: { Input: string; Output: string };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => {
      const roles = ctx.admin?.roles ?? [];
      return {
        public: true,
        authenticated: ctx.admin !== null,
        write: roles.includes('write') || roles.includes('super_admin'),
        superAdmin: roles.includes('super_admin'),
      };
    },
    unauthorizedError: (_parent, ctx) =>
      ctx.admin === null
        ? new AppError('UNAUTHENTICATED', AUTHORIZATION_ERROR_MESSAGE)
        : new AppError('FORBIDDEN', 'You do not have permission to perform this action.'),
  },
});

builder.addScalarType('DateTime', DateTimeScalar);
builder.addScalarType('Decimal', DecimalScalar);
builder.queryType({});
builder.mutationType({});
