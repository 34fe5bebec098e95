import {
  getOperationAST,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * One state change per request (docs/api.md, "One state change per request"). A root field
 * changes state when it is a mutation field or a query field carrying this marker
 * (`extensions: STATE_CHANGING_QUERY`: the spec names the withdrawal signing exports as
 * queries, yet each moves requests to processing and makes a batch). An operation may hold at
 * most one such field, counted through aliases and fragments: with two, a failing one nulls the
 * answer of one that committed (GraphQL runs mutation fields one after another, each in its own
 * transaction), and the caller never learns what was done. The rule is checked here, on the
 * parsed document, before validation and before anything runs, for every such field at once.
 */
export const STATE_CHANGING = 'changesState';
export const STATE_CHANGING_QUERY = { [STATE_CHANGING]: true } as const;

/** The reason of a refusal of a marked query over GET or beside a read field. */
const STATE_CHANGING_QUERY_REASON = 'STATE_CHANGING_QUERY';
/** The reason of a refusal of an operation holding more than one state-changing root field. */
const ONE_STATE_CHANGE_REASON = 'ONE_STATE_CHANGE_PER_REQUEST';

type RootFields = {
  operation: 'query' | 'mutation';
  /** Every root field selected (aliases counted once each, `__typename` included). */
  all: string[];
  stateChanging: string[];
};

/** The root fields an operation selects (through fragments), and which of them change state. */
export function rootFields(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): RootFields | undefined {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation || operation.operation === 'subscription') return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const all: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) all.push(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else {
        const fragment = fragments.get(s.name.value);
        if (fragment && !seen.has(fragment.name.value)) {
          seen.add(fragment.name.value);
          walk(fragment.selectionSet);
        }
      }
    }
  };
  walk(operation.selectionSet);
  // Introspection fields (`__typename`) change nothing, beside a mutation field or not.
  if (operation.operation === 'mutation')
    return { operation: 'mutation', all, stateChanging: all.filter((n) => !n.startsWith('__')) };
  const fields = schema.getQueryType()?.getFields() ?? {};
  const stateChanging = all.filter((name) => fields[name]?.extensions[STATE_CHANGING] === true);
  return { operation: 'query', all, stateChanging };
}

/** The two registered reasons this rule answers (errors-translated.test.ts reads the name). */
const REFUSAL_REASON = {
  [STATE_CHANGING_QUERY_REASON]: STATE_CHANGING_QUERY_REASON,
  [ONE_STATE_CHANGE_REASON]: ONE_STATE_CHANGE_REASON,
} as const;

const refused = (
  message: string,
  reason: keyof typeof REFUSAL_REASON,
  http: Record<string, unknown>,
) =>
  new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', reason: REFUSAL_REASON[reason], params: {}, http },
  });

/** Why a request is refused by the rule, or undefined when it may run. */
export function refusal(method: string, fields: RootFields | undefined): GraphQLError | undefined {
  if (!fields || fields.stateChanging.length === 0) return undefined;
  const name = fields.stateChanging[0]!;
  // A mutation over GET is refused by yoga itself (405); a marked query is refused here alike.
  if (method !== 'POST' && fields.operation === 'query')
    return refused(
      `${name} changes data: send it with POST (a GET request never changes anything).`,
      STATE_CHANGING_QUERY_REASON,
      { status: 405, headers: { Allow: 'POST' } },
    );
  if (fields.stateChanging.length > 1)
    return refused(
      `This operation holds ${fields.stateChanging.length} fields that change data ` +
        `(${fields.stateChanging.join(', ')}): send one per request, so each answer says what was done.`,
      ONE_STATE_CHANGE_REASON,
      { status: 400 },
    );
  if (fields.operation === 'query' && fields.all.length > 1)
    return refused(
      `${name} changes data: it must be the only root field of its operation.`,
      STATE_CHANGING_QUERY_REASON,
      { status: 400 },
    );
  return undefined;
}

/** The yoga side: checked on the parsed document, before validation and execution. */
export function useStateChangingQueries(schema: GraphQLSchema): Plugin<Record<string, unknown>> {
  return {
    onParse:
      () =>
      ({ result, context }) => {
        const request = (context as { request?: Request }).request;
        const params = (context as { params?: { operationName?: string | null } }).params;
        if (!request || result instanceof Error || !result) return;
        const error = refusal(
          request.method,
          rootFields(schema, result as DocumentNode, params?.operationName),
        );
        if (error) throw error;
      },
  };
}
