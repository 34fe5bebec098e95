import type { Compilable } from 'kysely';
import { defineExport, type RegisteredExport } from '../exports';
import type {
  FilterInput,
  Filters,
  List,
  ListExportDeclaration,
  ListSort,
  NoFilters,
} from './define-list';

/**
 * Registers a declared list's export: its name, file and columns come from the declaration,
 * its filters and sort are parsed as the declaration says, then checked by `filter` (the
 * list's own check, so an export refuses what its list refuses) and handed to `query` (the
 * repository's SQL of the list without paging).
 */
export function defineListExport<
  F extends Filters,
  T extends string,
  Row,
  Filter,
  X extends Filters = NoFilters,
>(
  list: List<F, T, Row, X>,
  options: {
    filter: (input: FilterInput<F & X>) => Filter;
    query: (filter: Filter, sort: ListSort<T>) => Compilable<Row>;
    /** A second layout of the same export call (its own name, file and columns). */
    layout?: Pick<ListExportDeclaration<Row, X>, 'name' | 'fileName' | 'columns'>;
  },
): RegisteredExport {
  if (!list.export) throw new Error(`The list ${list.call} declares no export`);
  const declared = { ...list.export, ...options.layout };
  return defineExport({
    name: declared.name,
    fileName: declared.fileName,
    ...(declared.access ? { access: declared.access } : {}),
    columns: declared.columns,
    parseFilters: (input) => ({
      filter: options.filter(list.exportFilters(input)),
      sort: list.exportSort(input),
    }),
    query: ({ filter, sort }) => options.query(filter, sort),
  });
}
