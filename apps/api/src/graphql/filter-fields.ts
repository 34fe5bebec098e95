import type { ArgumentRef, InputFieldRef } from '@pothos/core';
import { builder } from './builder';

type Types = typeof builder.$inferSchemaTypes;

type FilterScalar = 'String' | 'Int' | 'Decimal' | 'DateTime';

/** One optional filter of a list: its GraphQL type, whether a list of it, and a description. */
export type FilterField = { type: FilterScalar; list?: true; description?: string };

/** A list's filters by name. */
export type Filters = Record<string, FilterField>;

type ScalarShape<F extends FilterField> = Types['inputShapes'][F['type']];
type FilterShape<F extends FilterField> =
  (F['list'] extends true ? ScalarShape<F>[] : ScalarShape<F>) | null | undefined;

/** The filters as top-level arguments. */
export type FilterArgs<S extends Filters> = {
  [K in keyof S]: ArgumentRef<Types, FilterShape<S[K]>>;
};

/** The filters as fields of an input object. */
export type FilterInputFields<S extends Filters> = {
  [K in keyof S]: InputFieldRef<Types, FilterShape<S[K]>>;
};

/** The options of one filter's argument or input field: optional, with its description. */
function fieldOptions(f: FilterField) {
  return {
    type: f.list ? ([f.type] as [FilterScalar]) : f.type,
    required: false,
    ...(f.description ? { description: f.description } : {}),
  } as const;
}

/**
 * Each list module declares its filters once, as data, and both the list and its export build
 * their arguments from that declaration, so an export cannot drift from "the rows on screen"
 * (docs/decisions/exports.md). Filters are always optional.
 */
export function filterArgs<S extends Filters>(filters: S): FilterArgs<S> {
  return builder.args((t) =>
    Object.fromEntries(
      Object.entries(filters).map(([name, f]) => [name, t.field(fieldOptions(f))]),
    ),
  ) as FilterArgs<S>;
}

/** The same filters as fields of a list's input object (lists that take `input: {…}`). */
export function filterInputFields<S extends Filters>(
  t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>,
  filters: S,
): FilterInputFields<S> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, f]) => [name, t.field(fieldOptions(f))]),
  ) as FilterInputFields<S>;
}
