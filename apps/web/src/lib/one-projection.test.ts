import fs from 'node:fs';
import path from 'node:path';
import { parse, print, type FieldNode, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * A list's row projection is written once on the web (issue 25, docs/architecture.md): two
 * screens that show the same rows (the payments of Transactions and of a user, the user
 * pickers) share one document in lib/ rather than each feature keeping its own copy, which
 * drifts. Reads every operation the way the codegen does (scripts/codegen.ts).
 */
const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The `list { … }` selection of a root field, when it is a paged list. */
function listSelection(field: FieldNode): SelectionSetNode | undefined {
  const list = field.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === 'Field' && s.name.value === 'list',
  );
  return list?.selectionSet;
}

/** Every operation's paged lists as 'field { projection }' → the operations that select it. */
function projections(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of sources(src)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/graphql\(\s*`([\s\S]*?)`\s*\)/g)) {
      for (const definition of parse(match[1] ?? '').definitions) {
        if (definition.kind !== 'OperationDefinition') continue;
        const operation = `${path.relative(src, file)} ${definition.name?.value ?? ''}`;
        for (const field of definition.selectionSet.selections) {
          if (field.kind !== 'Field') continue;
          const rows = listSelection(field);
          if (!rows) continue;
          const key = `${field.name.value} ${print(rows).replace(/\s+/g, ' ')}`;
          found.set(key, (found.get(key) ?? new Set()).add(operation));
        }
      }
    }
  }
  return found;
}

describe('one row projection per list on the web', () => {
  it('no two operations select the same rows of the same list', () => {
    const all = projections();
    // The reading works: the payments list is found, in the one shared document.
    const payments = [...all].filter(([key]) => key.startsWith('userPayments '));
    expect(payments.map(([, ops]) => [...ops])).toEqual([['lib/user-payments.ts UserPayments']]);
    const repeated = [...all]
      .filter(([, ops]) => ops.size > 1)
      .map(([key, ops]) => `${key.split(' ')[0]}: ${[...ops].join(', ')}`);
    expect(repeated).toEqual([]);
  });
});
