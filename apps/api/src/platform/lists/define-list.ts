import { exportDate, type ExportColumn, type ExportFilterInput } from '../exports';
import type { FilterField, Filters, FilterScalar, NoFilters } from '@app/shared';
import { toPageRequest, type PageRequestInput, type SortOrder } from '../../shared/page';

// The declarative part of a list (filters, sort targets, default sort, the export's call) is
// shared with the web app (packages/shared/src/lists.ts); this file adds what only the API has.
export type { FilterField, Filters, NoFilters };

type ScalarShapes = {
  String: string;
  Int: number;
  Decimal: string;
  DateTime: Date;
  Boolean: boolean;
};

/** The value of one filter inside the API (a Decimal is its exact text). */
export type FilterValue<F extends FilterField> = F extends { type: 'Enum'; values: infer V }
  ? V extends readonly (infer E)[]
    ? F['list'] extends true
      ? readonly E[]
      : E
    : never
  : F extends { type: infer S extends FilterScalar }
    ? F['list'] extends true
      ? readonly ScalarShapes[S][]
      : ScalarShapes[S]
    : never;

/**
 * What a list's service takes: every filter optional, null or left out meaning "no filter"
 * (what GraphQL hands over). Derived from the declaration; never written by hand.
 */
export type FilterInput<F extends Filters> = {
  -readonly [K in keyof F]?: FilterValue<F[K]> | null | undefined;
};

/**
 * What a list's repository takes: the service's checked filters, absent or a value (blank text
 * and null are gone). Derived from the declaration; the repository adds only its SQL.
 */
export type FilterValues<F extends Filters> = {
  -readonly [K in keyof F]?: FilterValue<F[K]> | undefined;
};

/** A filter type whose dates may also be ISO text (repositories that take either). */
export type TextDates<T> = {
  [K in keyof T]: T[K] extends Date | undefined ? Date | string | undefined : T[K];
};

/** A list's sort as a repository takes it (after `toPageRequest`). */
export type ListSort<T extends string> = { target: T; orderBy: SortOrder };

/**
 * The export of a list: the registry name its links carry, the file's name stem and its
 * columns, typed against the row its repository query answers.
 */
export type ListExportDeclaration<Row, X extends Filters = NoFilters> = {
  /** Stable id used in links and audit rows (`users`). */
  name: string;
  /** What the file is called before its stamp (`users` → `users_20261123-1405Z.csv`). */
  fileName: string;
  /** The GraphQL query that hands out its link (`usersCSV`). */
  call: string;
  columns: readonly ExportColumn<Row>[];
  access?: 'authenticated' | 'superAdmin';
  /**
   * Filters only the export takes, after the list's (the download centre's confirmation range:
   * the centre offers a range its lists do not). Not filters of the rows on screen.
   */
  filters?: X;
};

/** What a list declares once (docs/list-conventions.md, "A list, declared once"). */
type ListDeclaration<
  F extends Filters,
  T extends string,
  Row = never,
  X extends Filters = NoFilters,
> = {
  /** The GraphQL list query (`users`). */
  call: string;
  filters: F;
  sortTargets: readonly T[];
  defaultSort: ListSort<T>;
  /** The list's CSV export, when it has one: it takes exactly these filters and sort. */
  export?: ListExportDeclaration<Row, X>;
};

/** A declared list: its declaration, and what is derived from it outside GraphQL. */
export type List<
  F extends Filters,
  T extends string,
  Row = never,
  X extends Filters = NoFilters,
> = ListDeclaration<F, T, Row, X> & {
  /**
   * An export link's filters back from its JSON: the declared filters (the list's and the
   * export's own) only, dates as Dates again. The list's own filter check runs on the result,
   * as on a list call.
   */
  exportFilters: (input: ExportFilterInput) => FilterInput<F & X>;
  /** An export link's sort: one of the list's targets, the list's default when none. */
  exportSort: (input: ExportFilterInput) => ListSort<T>;
  /**
   * The filters as the repository takes them before the service's own checks: text trimmed
   * (blank is no filter), null and an empty list absent. A service spreads it and checks
   * what needs more (ranges in order, known values), so a plain filter needs no line there.
   */
  values: (input: FilterInput<F & X>) => FilterValues<F & X>;
};

const declared: List<Filters, string, unknown, Filters>[] = [];

/** Every list declared so far (the schema test walks them). */
export const declaredLists = (): readonly List<Filters, string, unknown, Filters>[] => declared;

/** One value of a link's JSON as the filter's type: ISO text back to a Date. */
function fromJson(field: FilterField, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (field.type !== 'DateTime') return value;
  return Array.isArray(value) ? value.map((v) => exportDate(v)) : exportDate(value);
}

/** One filter's value without checks: text trimmed, blank text, null and [] are no filter. */
function plainValue(field: FilterField, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value : undefined;
  if (field.type === 'String' && typeof value === 'string') return value.trim() || undefined;
  return value;
}

/**
 * Declares a list once: its filters (the GraphQL arguments of the list and of its export are
 * built from them, graphql/filter-fields.ts), its sort targets and default sort, and its export's
 * columns. The service's input type (`FilterInput`), the repository's filter type
 * (`FilterValues`) and the export's parse are derived from it.
 */
export function defineList<
  const F extends Filters,
  const T extends string,
  Row = never,
  const X extends Filters = NoFilters,
>(declaration: ListDeclaration<F, T, Row, X>): List<F, T, Row, X> {
  const accepted: Filters = { ...declaration.filters, ...declaration.export?.filters };
  const list: List<F, T, Row, X> = {
    ...declaration,
    exportFilters: (input) => {
      const filters: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(accepted)) {
        const value = fromJson(field, input[name]);
        if (value !== undefined) filters[name] = value;
      }
      return filters as FilterInput<F & X>;
    },
    values: (input) => {
      const values: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(accepted)) {
        const value = plainValue(field, (input as Record<string, unknown>)[name]);
        if (value !== undefined) values[name] = value;
      }
      return values as FilterValues<F & X>;
    },
    exportSort: (input) =>
      toPageRequest(
        { sort: input.sort } as PageRequestInput,
        declaration.sortTargets,
        declaration.defaultSort,
      ).sort,
  };
  declared.push(list as unknown as List<Filters, string, unknown, Filters>);
  return list;
}

/**
 * A list whose shape (packages/shared/src/lists.ts) declares an export call, with what only the
 * API knows of that export: its name, its file's name, its columns and who may download it.
 */
export function defineExportedList<
  const F extends Filters,
  const T extends string,
  Row,
  const X extends Filters = NoFilters,
>(
  shape: Omit<ListDeclaration<F, T, never, X>, 'export'> & {
    export: { call: string; filters?: X };
  },
  file: Omit<ListExportDeclaration<Row, X>, 'call' | 'filters'>,
): List<F, T, Row, X> {
  return defineList<F, T, Row, X>({ ...shape, export: { ...shape.export, ...file } });
}
