import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * The limits every GraphQL document must keep (docs/architecture.md, "Limits"). The web app's
 * own documents reach depth 4, cost 60 and about 110 tokens (armor.test.ts checks every one),
 * so each limit leaves ample room for legitimate use while refusing the abusive shapes: a
 * 13-level nesting, 100 aliases of a 500-row list, a megabyte of query text.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 8,
  maxAliases: 10,
  maxCost: 1000,
  maxTokens: 2000,
  maxDirectives: 20,
  /** Bytes of a JSON request body (GraphQL and /login); uploads are read by yoga, bounded there. */
  maxBodyBytes: 256 * 1024,
} as const;

/** The code of every refusal by a limit; the web app translates it. */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/**
 * Armor's rules report "Syntax Error: …" without a code; each refusal is reported again with
 * our code instead, on the validation context, so it reaches the caller as a validation error.
 */
const reportCoded = (context: ValidationContext | null, error: GraphQLError): void => {
  const message = error.message.replace(/^Syntax Error: /, '');
  context?.reportError(new GraphQLError(message, { extensions: { code: QUERY_TOO_COMPLEX } }));
};

const armorOptions = { propagateOnRejection: false, onReject: [reportCoded] };

/** Depth, alias, cost and directive limits, as validation rules (yoga and the fast path). */
export const LIMIT_RULES: readonly ValidationRule[] = [
  maxDepthRule({ ...armorOptions, n: GRAPHQL_LIMITS.maxDepth }),
  maxAliasesRule({ ...armorOptions, n: GRAPHQL_LIMITS.maxAliases }),
  costLimitRule({ ...armorOptions, maxCost: GRAPHQL_LIMITS.maxCost }),
  maxDirectivesRule({ ...armorOptions, n: GRAPHQL_LIMITS.maxDirectives }),
];

/** Parses with the token limit: graphql-js stops lexing at the limit, before any work. */
export function parseLimited(query: string): DocumentNode {
  try {
    return parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch (error) {
    // graphql-js 16 words it "more that N tokens"; either spelling is accepted here.
    if (error instanceof GraphQLError && /more th(an|at) \d+ tokens/.test(error.message)) {
      throw new GraphQLError(`Query token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`, {
        extensions: { code: QUERY_TOO_COMPLEX },
      });
    }
    throw error;
  }
}

/** True when the document asks for the schema (`__schema` or `__type`; `__typename` is fine). */
export function asksForSchema(schema: GraphQLSchema, document: DocumentNode): boolean {
  return validate(schema, document, [NoSchemaIntrospectionCustomRule]).length > 0;
}

/** "Did you mean …?" hints name fields and types of the schema: not for anonymous callers. */
function withoutSuggestions(message: string): string {
  return message.replace(/ Did you mean .*\?$/, '');
}

type Whoami = { signedIn: (serverContext: Record<string, unknown>) => boolean };

/**
 * Yoga's side of the limits: the token limit at parse, the rules at validation and, for
 * callers who are not signed in (outside development), no introspection and no suggestions.
 */
export function useGraphQLArmor(
  options: Whoami & { anonymousIntrospection: boolean },
): Plugin<Record<string, unknown>> {
  return {
    onParse: ({ setParseFn }) => {
      setParseFn((source) => parseLimited(typeof source === 'string' ? source : source.body));
    },
    onValidate: ({ addValidationRule, context }) => {
      for (const rule of LIMIT_RULES) addValidationRule(rule);
      const anonymous = !options.signedIn(context);
      if (anonymous && !options.anonymousIntrospection) {
        addValidationRule(NoSchemaIntrospectionCustomRule);
      }
      return ({ result, setResult }) => {
        if (!anonymous || options.anonymousIntrospection || result.length === 0) return;
        setResult(
          result.map(
            (error) =>
              new GraphQLError(withoutSuggestions(error.message), {
                nodes: error.nodes,
                extensions: error.extensions,
              }),
          ),
        );
      };
    },
  };
}
