/** Lists declared once (docs/list-conventions.md, "A list, declared once"). */
export {
  declaredLists,
  defineExportedList,
  defineList,
  type FilterField,
  type FilterInput,
  type Filters,
  type FilterValue,
  type FilterValues,
  type List,
  type ListSort,
  type TextDates,
} from './define-list';
export { defineListExport } from './list-export';
