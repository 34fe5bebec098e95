import type { ArgumentRef, EnumRef, InputFieldRef } from '@pothos/core';
import type { FilterField, FilterValue, Filters, List } from '../platform/lists';
import { builder } from './builder';
import { SortInputRef } from './pagination';

export type { FilterField, Filters } from '../platform/lists';

type Types = typeof builder.$inferSchemaTypes;

type FilterShape<F extends FilterField> = FilterValue<F> | null | undefined;

/** The filters as top-level arguments. */
export type FilterArgs<S extends Filters> = {
  [K in keyof S]: ArgumentRef<Types, FilterShape<S[K]>>;
};

/** The filters as fields of an input object. */
export type FilterInputFields<S extends Filters> = {
  [K in keyof S]: InputFieldRef<Types, FilterShape<S[K]>>;
};

/** The GraphQL enum types of a declaration's enum filters, by filter name. */
export type FilterEnums<S extends Filters> = {
  [K in keyof S as S[K] extends { type: 'Enum' } ? K : never]: EnumRef<Types, unknown>;
};

/** The options of one filter's argument or input field: optional, with its description. */
function fieldOptions(name: string, f: FilterField, enums: Record<string, unknown>) {
  const type = f.type === 'Enum' ? enums[name] : f.type;
  if (!type) throw new Error(`The enum filter ${name} needs its GraphQL enum type`);
  return {
    type: (f.list ? [type] : type) as 'String',
    required: false,
    ...(f.description ? { description: f.description } : {}),
  } as const;
}

/**
 * Each list module declares its filters once, as data (platform/lists), and both the list and
 * its export build their arguments from that declaration, so an export cannot drift from "the
 * rows on screen" (docs/decisions/exports.md). Filters are always optional.
 */
export function filterArgs<S extends Filters>(
  filters: S,
  ...[enums]: keyof FilterEnums<S> extends never ? [] : [FilterEnums<S>]
): FilterArgs<S> {
  return builder.args((t) =>
    Object.fromEntries(
      Object.entries(filters).map(([name, f]) => [
        name,
        t.field(fieldOptions(name, f, enums ?? {})),
      ]),
    ),
  ) as unknown as FilterArgs<S>;
}

/** The same filters as fields of a list's input object (lists that take `input: {…}`). */
export function filterInputFields<S extends Filters>(
  t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>,
  filters: S,
  ...[enums]: keyof FilterEnums<S> extends never ? [] : [FilterEnums<S>]
): FilterInputFields<S> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, f]) => [name, t.field(fieldOptions(name, f, enums ?? {}))]),
  ) as unknown as FilterInputFields<S>;
}

/**
 * The arguments of a declared list's export: the list's filters and its sort (an export is
 * every page, so no `pagination`).
 */
export function listExportArgs<S extends Filters, T extends string, Row>(
  list: List<S, T, Row>,
  ...enums: keyof FilterEnums<S> extends never ? [] : [FilterEnums<S>]
) {
  return {
    ...filterArgs(list.filters, ...enums),
    ...builder.args((t) => ({ sort: t.field({ type: SortInputRef, required: false }) })),
  };
}
