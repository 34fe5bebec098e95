import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * The names of every field selected at any depth below `path` (field names from the resolved
 * field, through inline fragments and fragment spreads; aliases do not matter), so a list can
 * read only the columns a query asks for. `@skip`/`@include` are not evaluated: a field under
 * them counts as selected, which reads a column too many, never one too few.
 */
export function selectedFieldNames(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  const expand = (
    sets: readonly SelectionSetNode[],
    visit: (name: string, set?: SelectionSetNode) => void,
  ) => {
    const walk = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === 'Field') visit(selection.name.value, selection.selectionSet);
        else if (selection.kind === 'InlineFragment') walk(selection.selectionSet);
        else {
          const fragment = info.fragments[selection.name.value];
          if (fragment) walk(fragment.selectionSet);
        }
      }
    };
    sets.forEach(walk);
  };
  let sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const step of path) {
    const next: SelectionSetNode[] = [];
    expand(sets, (name, set) => {
      if (name === step && set) next.push(set);
    });
    sets = next;
  }
  const names = new Set<string>();
  const collect = (from: readonly SelectionSetNode[]) =>
    expand(from, (name, set) => {
      names.add(name);
      if (set) collect([set]);
    });
  collect(sets);
  return names;
}
