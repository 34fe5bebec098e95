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
 * Queries that change state (docs/api.md, "Queries that change state"): the spec names the
 * withdrawal signing exports as queries, yet each moves requests to processing and makes a
 * batch. Such a field carries this marker (`extensions: STATE_CHANGING_QUERY`), and the server
 * refuses it over GET and beside any other root field, for every such field at once, here.
 */
export const STATE_CHANGING = 'changesState';
export const STATE_CHANGING_QUERY = { [STATE_CHANGING]: true } as const;

/** The reason of a refusal (extensions.reason, code BAD_USER_INPUT). */
export const STATE_CHANGING_QUERY_REASON = 'STATE_CHANGING_QUERY';

export type RootFields = { all: string[]; stateChanging: string[] };

/** The root fields an operation selects (through fragments), and which of them change state. */
export function rootFields(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): RootFields | undefined {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation || operation.operation !== 'query') return undefined;
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
  const fields = schema.getQueryType()?.getFields() ?? {};
  const stateChanging = all.filter((name) => fields[name]?.extensions[STATE_CHANGING] === true);
  return { all, stateChanging };
}

/** Why a request holding a state-changing query is refused, or undefined when it may run. */
export function refusal(method: string, fields: RootFields | undefined): GraphQLError | undefined {
  if (!fields || fields.stateChanging.length === 0) return undefined;
  const name = fields.stateChanging[0]!;
  if (method !== 'POST')
    return new GraphQLError(
      `${name} changes data: send it with POST (a GET request never changes anything).`,
      {
        extensions: {
          code: 'BAD_USER_INPUT',
          reason: STATE_CHANGING_QUERY_REASON,
          http: { status: 405, headers: { Allow: 'POST' } },
        },
      },
    );
  if (fields.all.length > 1)
    return new GraphQLError(
      `${name} changes data: it must be the only root field of its operation.`,
      {
        extensions: {
          code: 'BAD_USER_INPUT',
          reason: STATE_CHANGING_QUERY_REASON,
          http: { status: 400 },
        },
      },
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
