import {
  parse,
  type FieldNode,
  type GraphQLResolveInfo,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectedFieldNames } from './selection';

/** The resolve info of the document's first root field, as far as selectedFieldNames reads it. */
function infoOf(query: string): GraphQLResolveInfo {
  const document = parse(query);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    document.definitions.flatMap((d) =>
      d.kind === 'FragmentDefinition' ? [[d.name.value, d]] : [],
    ),
  );
  return {
    fieldNodes: [operation.selectionSet.selections[0] as FieldNode],
    fragments,
  } as unknown as GraphQLResolveInfo;
}

describe('selectedFieldNames', () => {
  it('names every field below the path, through fragments', () => {
    const info = infoOf(`{ users { list { id ...U aubeUserInfo { email } } pagination { limit } } }
      fragment U on User { userName }`);
    expect([...selectedFieldNames(info, ['list'])].sort()).toEqual(
      ['aubeUserInfo', 'email', 'id', 'userName'].sort(),
    );
    expect([...selectedFieldNames(info, ['pagination'])]).toEqual(['limit']);
  });

  it('works a cached document out once: the same set for the same nodes on every request', () => {
    // The users page's columns are looked up by this set (users-repository.ts): a new set per
    // request walked the selection and worked the columns out again on every call.
    const info = infoOf('{ users { list { id userName } } }');
    const first = selectedFieldNames(info, ['list']);
    expect(selectedFieldNames({ ...info } as GraphQLResolveInfo, ['list'])).toBe(first);
    // Another document with the same text has nodes of its own, and its own answer.
    const other = infoOf('{ users { list { id userName } } }');
    expect(selectedFieldNames(other, ['list'])).not.toBe(first);
    expect([...selectedFieldNames(other, ['list'])]).toEqual([...first]);
  });
});
