/** Lists declared once (docs/list-conventions.md, "A list, declared once"). */
export {
  declaredLists,
  defineList,
  type FilterField,
  type FilterInput,
  type Filters,
  type FilterScalar,
  type FilterValue,
  type FilterValues,
  type List,
  type ListDeclaration,
  type ListExportDeclaration,
  type ListSort,
  type NoFilters,
  type TextDates,
} from './define-list';
export { defineListExport } from './list-export';
