import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import {
  LIST_SHAPES,
  USERS_SHAPE,
  WITHDRAWAL_KINDS,
  WITHDRAWALS_SHAPE,
  type FilterField,
} from '@app/shared';
import { APP_ROUTES } from '@/app/routes';
import * as documents from '@/gql/graphql';
import { declaredListScreens, listStorageKey } from '@/lib/list-query';

/**
 * The web app's GraphQL documents against the lists' one declaration (`@app/shared` lists.ts,
 * which the API's `defineList` takes too): a list's screen and its CSV send the declared
 * filters, under their names and types. A filter added to a declaration but not to a screen's
 * list or CSV document, or a document variable no list declares, fails here.
 */

type Operation = { name: string; root: string; variables: Map<string, string> };

/** The operations of the generated documents: their root field and variables with types. */
function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [name, value] of Object.entries(documents)) {
    if (!(value instanceof documents.TypedDocumentString)) continue;
    const text = value.toString();
    const header = /^\s*(?:query|mutation)\s+\w+\s*(?:\(([^)]*)\))?\s*\{\s*(\w+)/.exec(text);
    if (!header) continue;
    const variables = new Map<string, string>();
    for (const [, variable, type] of (header[1] ?? '').matchAll(/\$(\w+)\s*:\s*([\w![\]]+)/g))
      variables.set(variable!, type!);
    found.push({ name, root: header[2]!, variables });
  }
  return found;
}

/** The GraphQL type a declared filter takes (an enum: any enum type, named by the schema). */
function typeMatches(field: FilterField, type: string): boolean {
  const inner = type.replace(/!$/, '');
  const list = /^\[(\w+)!?\]$/.exec(inner);
  if (Boolean(field.list) !== Boolean(list)) return false;
  const scalar = list ? list[1]! : inner;
  return field.type === 'Enum' ? /^[A-Z]\w*$/.test(scalar) : scalar === field.type;
}

/** Variables that are no filter: the page, the sort, an input object, a file layout. */
const NOT_FILTERS = new Set(['pagination', 'sort', 'input', 'searchParams', 'version']);

const OPERATIONS = operations();

describe('the lists documents and their declarations', () => {
  it('finds the generated documents', () => {
    expect(OPERATIONS.length).toBeGreaterThan(50);
  });

  for (const shape of LIST_SHAPES) {
    const declared = Object.keys(shape.filters);
    const exportOwn = Object.keys(shape.export?.filters ?? {});
    const filterOf = (name: string) =>
      shape.filters[name] ?? (shape.export?.filters?.[name] as FilterField | undefined);
    const lists = OPERATIONS.filter((o) => o.root === shape.call);
    const exports = OPERATIONS.filter((o) => shape.export && o.root === shape.export.call);

    // A list no document calls yet (the mail recipients' status filter is the API's only).
    if (lists.length + exports.length === 0) continue;
    describe(shape.call, () => {
      for (const op of [...lists, ...exports])
        it(`${op.name} sends only declared filters, of their declared types`, () => {
          for (const [variable, type] of op.variables) {
            if (NOT_FILTERS.has(variable)) continue;
            const field = filterOf(variable);
            // Whose rows these are (the user of a history, a send, a kind) is required.
            if (!field) expect(type, `${op.name}: $${variable} is not declared`).toMatch(/!$/);
            else expect(typeMatches(field, type), `${op.name}: $${variable}: ${type}`).toBe(true);
          }
        });

      for (const op of lists)
        if ([...op.variables.keys()].some((v) => declared.includes(v)))
          it(`${op.name} sends every filter of the list`, () => {
            const sent = declared.filter((v) => op.variables.has(v));
            expect(sent).toEqual(declared);
          });

      if (shape.export)
        it(`a CSV document of ${shape.export.call} sends every filter of the list`, () => {
          const complete = exports.some((op) => declared.every((v) => op.variables.has(v)));
          expect(complete, `declared: ${[...declared, ...exportOwn].join(', ')}`).toBe(true);
        });
    });
  }
});

/**
 * Every list screen against its API list: a screen's view comes from its shape (`listView`),
 * so its URL sort targets are the list's, and every header it sorts by is one of them. Every
 * declared list that a screen's document calls is shown by a declared screen (a descriptor),
 * but for the lists named below with the reason.
 */
describe('the list screens and their declarations', () => {
  /** Lists a document calls that no list screen shows, and why. */
  const NOT_SCREENS: Record<string, string> = {
    userNames: 'the user pickers (a search box, not a paged list)',
  };
  // Any context: the columns are read, never rendered.
  const anything: unknown = new Proxy(() => anything, {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => 'any' : anything),
  });
  const t = ((key: string) => key) as unknown as TFunction;
  /** The contexts a screen's columns are read in (the withdrawal kinds differ in columns). */
  const contexts = (call: string): unknown[] =>
    call === WITHDRAWALS_SHAPE.call
      ? WITHDRAWAL_KINDS.map((kind) => ({ kind, selection: null }))
      : [anything];

  it('loads every screen (each declares its lists as it loads)', async () => {
    await Promise.all(APP_ROUTES.map((route) => route.load()));
    expect(declaredListScreens().length).toBeGreaterThan(15);
  }, 60_000);

  it('holds each screen to its API list: its shape, sort targets and sortable headers', () => {
    for (const screen of declaredListScreens()) {
      const { shape, url } = screen.view;
      const name = `${shape.call} (${listStorageKey(screen.storageKey, anything as never)})`;
      expect(LIST_SHAPES, name).toContain(shape);
      expect(url.sortTargets, name).toEqual(shape.sortTargets);
      expect(shape.sortTargets, name).toContain(url.defaultSort?.target);
      for (const context of contexts(shape.call))
        for (const column of screen.columns(t, context as never))
          if (column.sortable)
            expect(shape.sortTargets, `${name}: ${column.id}`).toContain(
              column.sortTarget ?? column.id,
            );
    }
  });

  it('holds each screen’s filter fields to its list: each is a declared filter’s URL key', () => {
    const shown = new Map<string, string[]>();
    for (const screen of declaredListScreens()) {
      const { shape, url } = screen.view;
      const name = `${shape.call} (${listStorageKey(screen.storageKey, anything as never)})`;
      for (const context of contexts(shape.call)) {
        const keys = screen.fields(t, context as never).map((f) => f.key);
        for (const key of keys) expect(Object.keys(url.filters), `${name}: ${key}`).toContain(key);
        shown.set(name, keys);
      }
    }
    // The users screen's fields are its declaration's (VIEW.fields): every filter, none twice.
    const users = shown.get('users (users)');
    expect(users).toEqual([...new Set(users)]);
    expect(users?.length).toBe(Object.keys(USERS_SHAPE.filters).length);
  });

  it('shows every list a screen calls through a declared screen', () => {
    const shown = new Set(declaredListScreens().map((s) => s.view.shape.call));
    const called = new Set(OPERATIONS.map((o) => o.root));
    const missing = LIST_SHAPES.map((s) => s.call).filter(
      (call) => called.has(call) && !shown.has(call) && !(call in NOT_SCREENS),
    );
    expect(missing).toEqual([]);
  });
});
