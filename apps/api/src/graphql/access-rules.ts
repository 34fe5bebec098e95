import { isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { ACCESS_RULES, type AccessRule } from './builder';

/** One root operation and the rule it declared. */
export type OperationRule = { type: 'Query' | 'Mutation'; field: string; rule: AccessRule };

function declaredRule(field: GraphQLField<unknown, unknown>): AccessRule | string {
  const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
  const scopes = options?.authScopes;
  if (scopes === undefined) return 'no authScopes';
  if (typeof scopes !== 'object' || scopes === null) return 'authScopes must be a static object';
  const entries = Object.entries(scopes as Record<string, unknown>);
  if (entries.length !== 1) return 'authScopes must name exactly one rule';
  const [name, value] = entries[0]!;
  if (value !== true || !(ACCESS_RULES as readonly string[]).includes(name)) {
    return `authScopes must be one of ${ACCESS_RULES.map((r) => `{ ${r}: true }`).join(', ')}`;
  }
  return name as AccessRule;
}

/**
 * Default deny: every Query and Mutation field must declare exactly one access rule. Called
 * whenever the schema is built, so an operation without a rule stops the server from starting
 * and fails every test.
 */
export function operationRules(schema: GraphQLSchema): OperationRule[] {
  const rules: OperationRule[] = [];
  const problems: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type || !isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const rule = declaredRule(field);
      if ((ACCESS_RULES as readonly string[]).includes(rule)) {
        rules.push({
          type: type.name as OperationRule['type'],
          field: field.name,
          rule: rule as AccessRule,
        });
      } else {
        problems.push(`${type.name}.${field.name}: ${rule}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `Every operation must declare its access rule (default deny):\n  ${problems.join('\n  ')}`,
    );
  }
  return rules;
}
