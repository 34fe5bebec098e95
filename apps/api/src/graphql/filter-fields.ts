import type { ArgumentRef, EnumRef, InputFieldRef } from '@pothos/core';
import type { FilterField, FilterValue, Filters, List } from '../platform/lists';
import { builder } from './builder';
import { SortInputRef } from './pagination';

type Types = typeof builder.$inferSchemaTypes;

type FilterShape<F extends FilterField> = FilterValue<F> | null | undefined;

/** The filters as top-level arguments. */
type FilterArgs<S extends Filters> = {
  [K in keyof S]: ArgumentRef<Types, FilterShape<S[K]>>;
};

/** The filters as fields of an input object. */
type FilterInputFields<S extends Filters> = {
  [K in keyof S]: InputFieldRef<Types, FilterShape<S[K]>>;
};

/** The GraphQL enum types of a declaration's enum filters, by filter name. */
type FilterEnums<S extends Filters> = {
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
 * The arguments of a declared list's export: the list's filters, the export's own (declared
 * with it) and its sort (an export is every page, so no `pagination`).
 */
export function listExportArgs<S extends Filters, T extends string, Row, X extends Filters>(
  list: List<S, T, Row, X>,
  ...enums: keyof FilterEnums<S> extends never ? [] : [FilterEnums<S>]
) {
  // The export's own filters are scalars (no enum types to hand in).
  const own = (list.export?.filters ?? {}) as Record<string, { type: 'String' }>;
  return {
    ...filterArgs(list.filters, ...enums),
    ...(filterArgs(own) as FilterArgs<X>),
    ...builder.args((t) => ({ sort: t.field({ type: SortInputRef, required: false }) })),
  };
}

/** A list's filters as stored with what was made from them (JSON: dates as ISO text). */
export type StoredFilters = Record<string, unknown>;

/** One stored filter as its GraphQL value: null when absent or not of the filter's type. */
function storedValue(f: FilterField, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (f.type) {
    case 'String':
    case 'Enum':
      return String(value);
    case 'Int':
      return typeof value === 'number' ? value : null;
    case 'Boolean':
      return typeof value === 'boolean' ? value : null;
    case 'DateTime':
    case 'Decimal':
      return typeof value === 'string' ? value : null;
  }
}

/**
 * The fields of an object type that shows a list's filters as stored with what was made from
 * them (a signing batch's filters): one nullable field per declared filter, so the type cannot
 * miss a filter the list has. An enum shows as its stored text; list filters are not offered
 * (no stored list has one).
 */
export function storedFilterFields(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, StoredFilters>,
  filters: Filters,
) {
  return Object.fromEntries(
    Object.entries(filters).map(([name, f]) => {
      if (f.list) throw new Error(`The stored filter ${name} is a list: not supported`);
      const type = f.type === 'Enum' ? 'String' : f.type;
      return [
        name,
        t.field({
          type: type as 'String',
          nullable: true,
          resolve: (stored) => storedValue(f, stored[name]) as string | null,
        }),
      ];
    }),
  );
}
