import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

type Selected = { fieldNodes: readonly FieldNode[]; path: string; names: ReadonlySet<string> };

/**
 * The answers already worked out, by the first node of the field: a cached document (the fast
 * path's, yoga's parser cache) hands the same nodes to every request, so the users page walks
 * its selection once instead of on every call. Entries go with their document.
 */
const known = new WeakMap<FieldNode, Selected[]>();

/**
 * The names of every field selected at any depth below `path` (field names from the resolved
 * field, through inline fragments and fragment spreads; aliases do not matter), so a list can
 * read only the columns a query asks for. `@skip`/`@include` are not evaluated: a field under
 * them counts as selected, which reads a column too many, never one too few.
 */
export function selectedFieldNames(
  info: GraphQLResolveInfo,
  path: readonly string[],
): ReadonlySet<string> {
  const first = info.fieldNodes[0];
  if (!first) return collectFieldNames(info, path);
  const key = path.join('.');
  let entries = known.get(first);
  const hit = entries?.find(
    (e) =>
      e.path === key &&
      e.fieldNodes.length === info.fieldNodes.length &&
      e.fieldNodes.every((node, i) => node === info.fieldNodes[i]),
  );
  if (hit) return hit.names;
  const names = collectFieldNames(info, path);
  if (!entries) known.set(first, (entries = []));
  entries.push({ fieldNodes: [...info.fieldNodes], path: key, names });
  return names;
}

function collectFieldNames(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> {
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
