import type * as Generated from '@/gql/graphql';

/**
 * Every operation's name, read from the generated documents (`UserPaymentsDocument` →
 * 'UserPayments'): a write that names a query to refresh is checked against the contract,
 * and names another feature's query without importing it.
 */
export type OperationName = {
  [K in keyof typeof Generated]: K extends `${infer Name}Document` ? Name : never;
}[keyof typeof Generated];

const NAME = /\b(?:query|mutation)\s+(\w+)/;

/** The name a document declares (`query UserPayments(…)` → 'UserPayments'). */
export function operationName(
  document: Generated.TypedDocumentString<unknown, never>,
): OperationName {
  const text = document.toString();
  return (NAME.exec(text)?.[1] ?? text) as OperationName;
}

/**
 * The cache key of a query: its operation's name, then its variables. Two screens asking the
 * same operation with the same variables share one entry; different operations never do, and
 * a write refreshes the operations selecting the root fields its command declares
 * (`useWrite`, lib/use-write.ts).
 */
export function queryKeyFor<TResult, TVariables>(
  document: Generated.TypedDocumentString<TResult, TVariables>,
  variables?: TVariables,
): readonly unknown[] {
  const name = operationName(document as Generated.TypedDocumentString<unknown, never>);
  return variables === undefined ? [name] : [name, variables];
}
