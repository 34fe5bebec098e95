import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import {
  AUTHORIZATION_ERROR_MESSAGE,
  FORBIDDEN_MESSAGE,
  TOTP_ENROLMENT_REQUIRED_MESSAGE,
  TOTP_ENROLMENT_REQUIRED_REASON,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  PASSWORD_CHANGE_REQUIRED_REASON,
} from '@app/shared';
import { AppError } from '../shared/app-error';
import type { GraphQLContext } from './context';
import { DateTimeScalar, DecimalScalar, UploadScalar, type UploadFile } from './scalars';

/**
 * The access rules an operation can declare (spec section 6), from weakest to strongest.
 * Every Query and Mutation field declares exactly one as `authScopes: { <rule>: true }`;
 * `assertEveryOperationDeclaresAccess` refuses to build a schema where one is missing.
 *
 * - `public`: anyone, signed in or not (only sign-in).
 * - `self`: any signed-in admin, even one who must still change a one-time password; only
 *   for the admin's own account (read own profile, change it, sign out).
 * - `authenticated`: any signed-in admin with a role and no pending password change (reads).
 * - `write`: write or super_admin (every change to data).
 * - `superAdmin`: super_admin (admin-account management and the audit log).
 */
export const ACCESS_RULES = ['public', 'self', 'authenticated', 'write', 'superAdmin'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

export type AuthScopes = Record<AccessRule, boolean>;

/** Which rules a signed-in admin (or nobody) satisfies; the single definition of the roles. */
export function grantedRules(admin: GraphQLContext['admin']): AuthScopes {
  const roles = admin?.roles ?? [];
  const active =
    admin !== null && !admin.mustChangePassword && !admin.totpRequired && roles.length > 0;
  return {
    public: true,
    self: admin !== null,
    authenticated: active,
    write: active && (roles.includes('write') || roles.includes('super_admin')),
    superAdmin: active && roles.includes('super_admin'),
  };
}

/** Why an admin (or nobody) was refused an operation: the one refusal of every access rule. */
export function accessRefusal(admin: GraphQLContext['admin']): AppError {
  if (admin === null) return new AppError('UNAUTHENTICATED', AUTHORIZATION_ERROR_MESSAGE);
  if (admin.mustChangePassword) {
    return new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED_MESSAGE, {
      reason: PASSWORD_CHANGE_REQUIRED_REASON,
    });
  }
  if (admin.totpRequired) {
    return new AppError('FORBIDDEN', TOTP_ENROLMENT_REQUIRED_MESSAGE, {
      reason: TOTP_ENROLMENT_REQUIRED_REASON,
    });
  }
  return new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Decimal: { Input: string; Output: string };
    Upload: { Input: UploadFile; Output: never };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => grantedRules(ctx.admin),
    unauthorizedError: (_parent, ctx) => accessRefusal(ctx.admin),
  },
});

builder.addScalarType('DateTime', DateTimeScalar);
builder.addScalarType('Decimal', DecimalScalar);
builder.addScalarType('Upload', UploadScalar);
builder.queryType({});
builder.mutationType({});
