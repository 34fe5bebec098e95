import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { operationRules } from '../graphql/access-rules';
import { builder } from '../graphql/builder';
import { registerCommands } from '../graphql/command-fields';
// Each module registers its types and operations on the shared builder when imported.
import '../modules/admin-users/admin-users-schema';
import '../modules/auth/auth-schema';
import '../modules/audit/audit-schema';
import '../modules/payments/payments-schema';
import '../modules/referral/referral-schema';
import '../modules/savings/savings-schema';
import '../modules/statistics/statistics-schema';
import '../modules/support/support-schema';
import '../modules/mail/mail-schema';
import '../modules/users/users-schema';
import '../modules/withdrawals/withdrawals-schema';
import '../platform/imports/imports-schema';
import '../modules/exports/exports-schema';

let schema: GraphQLSchema | undefined;

/** The executable schema, built once. */
export function getSchema(): GraphQLSchema {
  if (!schema) {
    registerCommands();
    const built = builder.toSchema({ sortSchema: true });
    operationRules(built); // default deny: throws if any operation lacks an access rule
    schema = built;
  }
  return schema;
}

/** The SDL committed as `schema.graphql`, the contract with the web app. */
export function printContract(): string {
  return printSchema(lexicographicSortSchema(getSchema())) + '\n';
}
