import {
  isOneOf,
  type FilterField,
  type Filters,
  type ListShape,
  type ListShapeExport,
  type MoneyUnit,
} from '@app/shared';
import type { TFunction } from 'i18next';
import { dayEndIso, dayStartIso } from './date-time';
import type { FilterDraft, FilterFormField } from '@/components/list-filters';
import type { ListStateOptions, PaginationVariables, SortState } from './list-state';

/**
 * A screen's list from the API's declaration (`@app/shared` lists.ts, which the API's
 * `defineList` takes too): the URL keys and their kinds, the sort targets and default sort,
 * and the filter variables the list and its export send. The screen writes only its labels,
 * layout and what it knows from outside the URL (docs/list-conventions.md).
 */

/** How a filter is kept in the URL: a set of choices is a repeated key, the rest one value. */
type KindOf<F extends FilterField> = F['list'] extends true ? 'list' : 'text';

/** A URL key other than the filter's name, for links already handed out (`totalBuyMin`). */
type UrlKeys<F extends Filters> = { [N in keyof F]?: string };

/** The URL filters of a list: each declared filter (but the omitted) under its URL key. */
type UrlFiltersOf<F extends Filters, K extends UrlKeys<F>, O extends keyof F> = {
  [N in Exclude<keyof F, O> as N extends keyof K ? (K[N] extends string ? K[N] : N) : N]: KindOf<
    F[N]
  >;
};

/** What one filter sends: text (a decimal and a date-time as text), a number, a flag or a value. */
type SentValue<F extends FilterField> = F extends { type: 'Enum'; values: readonly (infer E)[] }
  ? E
  : F['type'] extends 'Int'
    ? number
    : F['type'] extends 'Boolean'
      ? boolean
      : string;

/** The filter variables of a list and of its export: absent when the URL has no value. */
type FilterVariables<F extends Filters, O extends keyof F> = {
  [N in Exclude<keyof F, O>]:
    (F[N]['list'] extends true ? SentValue<F[N]>[] : SentValue<F[N]>) | undefined;
};

/** What a screen says of one filter's form field: its label, and a hint, unit or options. */
type FieldProps = {
  label: string;
  hint?: string;
  unit?: MoneyUnit;
  options?: { value: string; label: string }[];
};

/** The URL's view of one list: the applied filters by URL key (empty ones absent). */
type UrlSearch = Record<string, string | string[] | undefined>;

/** What an Int filter takes from a hand-edited URL: an id is positive, a set of codes from 0. */
const ID = /^[1-9][0-9]{0,8}$/;
const CODE = /^(0|[1-9][0-9]{0,8})$/;
/** A flag's values in the URL (the withdrawals write `yes`, the inquiries `1`). */
const FLAG_ON = new Set(['1', 'yes', 'true']);

/** One URL value as the filter's variable; a value the filter cannot take is no filter. */
function sent(name: string, field: FilterField, text: string): unknown {
  const value = text.trim();
  if (value === '') return undefined;
  switch (field.type) {
    case 'Int':
      return (field.list ? CODE : ID).test(value) ? Number(value) : undefined;
    case 'Boolean':
      return FLAG_ON.has(value) ? true : undefined;
    case 'Enum':
      return isOneOf(field.values, value) ? value : undefined;
    // A date filter is a business day in the URL, sent as its bounds (spec section 9).
    case 'DateTime':
      return name.endsWith('Until') ? dayEndIso(value) : dayStartIso(value);
    default:
      return field.oneOf && !field.oneOf.includes(value) ? undefined : value;
  }
}

/**
 * A list's screen side from its declaration. `keys` renames URL keys that links already carry;
 * `omit` leaves out filters the screen fills from outside the URL (the user of a user's
 * history); `defaultSort` is the screen's when it is not the API's (the inquiries' open first).
 */
export function listView<
  F extends Filters,
  T extends string,
  E extends ListShapeExport | undefined,
  const K extends UrlKeys<F> = Record<never, string>,
  const O extends keyof F & string = never,
>(
  shape: ListShape<F, T, E>,
  options: {
    keys?: K;
    omit?: readonly O[];
    prefix?: string;
    defaultSort?: { target: T; orderBy: SortState['orderBy'] };
  } = {},
) {
  const keys = (options.keys ?? {}) as Record<string, string | undefined>;
  const omitted = new Set<string>(options.omit ?? []);
  const fields = Object.entries(shape.filters).filter(([name]) => !omitted.has(name));
  const fieldNames = fields.map(([name]) => name);
  const urlFilters: Record<string, 'text' | 'list'> = {};
  for (const [name, field] of fields) urlFilters[keys[name] ?? name] = field.list ? 'list' : 'text';
  const url: ListStateOptions<UrlFiltersOf<F, K, O>> = {
    filters: urlFilters as UrlFiltersOf<F, K, O>,
    sortTargets: shape.sortTargets,
    defaultSort: options.defaultSort ?? {
      target: shape.defaultSort.target,
      orderBy: shape.defaultSort.orderBy === 'asc' ? 'ASC' : 'DESC',
    },
    ...(options.prefix !== undefined && { prefix: options.prefix }),
  };
  /** The applied URL filters as the list's (and its export's) filter variables. */
  const variables = (search: object): FilterVariables<F, O> => {
    const out: Record<string, unknown> = {};
    for (const [name, field] of fields) {
      const value = (search as UrlSearch)[keys[name] ?? name];
      if (value === undefined) out[name] = undefined;
      else if (Array.isArray(value)) {
        const values = value.map((v) => sent(name, field, v)).filter((v) => v !== undefined);
        out[name] = values.length > 0 ? values : undefined;
      } else out[name] = sent(name, field, value);
    }
    return out as FilterVariables<F, O>;
  };
  /**
   * The list query's variables for a list whose API takes its filters in an input object
   * (`filterInputFields`: `input: { searchParams, pagination }`).
   */
  const inputVariables = (search: object, pagination: PaginationVariables) => ({
    input: { searchParams: variables(search), pagination },
  });
  /** The list query's variables for a list whose API takes its filters as arguments. */
  const argumentVariables = (search: object, pagination: PaginationVariables) => ({
    ...variables(search),
    pagination,
  });
  /** The export's variables: the list's filters as arguments and the sort (`listExportArgs`). */
  const exportVariables = (search: object, sort: SortState | undefined) => ({
    ...variables(search),
    sort,
  });
  /**
   * One form field of a filter: its URL key and its widget's kind from the declaration (a date
   * for a DateTime, an amount for a Decimal, chips for a set, a select when given options);
   * the screen writes the label, the hint and the order.
   */
  const field = (name: Exclude<keyof F, O> & string, props: FieldProps): FilterFormField => {
    const declared = shape.filters[name] as FilterField;
    const key = keys[name] ?? name;
    const { label, hint, unit, options } = props;
    if (declared.list) return { key, label, type: 'chips', options: options ?? [] };
    if (options) return { key, label, type: 'select', options };
    if (declared.type === 'Decimal')
      return { key, label, type: 'decimal', ...(unit && { unit }), ...(hint && { hint }) };
    return {
      key,
      label,
      type: declared.type === 'DateTime' ? 'date' : 'text',
      ...(hint && { hint }),
    };
  };
  /**
   * Every form field of the list, from the declaration: its filters but the omitted, the
   * single-line ones in the declaration's order, then the chip groups (they wrap). A field's
   * label is the catalogue's `fields.<filter name>`; `props` gives a filter its own label, a
   * hint, a unit or options. A filter added to the declaration shows with its label alone.
   */
  const formFields = (
    t: TFunction,
    props: { [N in Exclude<keyof F, O> & string]?: Partial<FieldProps> } = {},
  ): FilterFormField[] => {
    const named = fieldNames as (Exclude<keyof F, O> & string)[];
    const byName = (name: Exclude<keyof F, O> & string) =>
      field(name, { label: t(`fields.${name}`), ...props[name] });
    return [
      ...named.filter((name) => !shape.filters[name]!.list).map(byName),
      ...named.filter((name) => shape.filters[name]!.list).map(byName),
    ];
  };
  /** The form's values: a value the URL made up that the filter cannot take shows empty. */
  const formValues = (filters: object): FilterDraft => {
    const draft = { ...(filters as FilterDraft) };
    for (const [name, field] of fields) {
      const key = keys[name] ?? name;
      const value = draft[key];
      const known = field.type === 'Enum' ? field.values : field.oneOf;
      if (known && typeof value === 'string' && !known.includes(value)) draft[key] = '';
    }
    return draft;
  };
  // Each filter in the URL under its key (a renamed one under its old key); the screens table's
  // test reads which are renamed or left out (docs/list-conventions.md).
  const urlKeys: Readonly<Record<string, string>> = Object.fromEntries(
    fieldNames.map((name) => [name, keys[name] ?? name]),
  );
  const screenView = { shape, url, urlKeys };
  /**
   * A list screen's data (`defineListScreen({ ...VIEW.data(…), … })`): this view, its api
   * file's list query sent with the view's filters in an input object (`'input'`) or as
   * arguments (`'arguments'`), and its export of the same view (filters and sort).
   */
  const data = <const A extends 'input' | 'arguments', Q extends object, X extends object>(
    filtersIn: A,
    query: Q,
    csv: X,
  ) => ({
    view: screenView,
    query: {
      ...query,
      variables: (filtersIn === 'input' ? inputVariables : argumentVariables) as A extends 'input'
        ? typeof inputVariables
        : typeof argumentVariables,
    },
    export: { ...csv, variables: exportVariables },
  });
  return {
    shape,
    url,
    urlKeys,
    variables,
    inputVariables,
    argumentVariables,
    exportVariables,
    field,
    fields: formFields,
    formValues,
    data,
  };
}
