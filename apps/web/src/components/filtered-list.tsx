import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';
import {
  DataTable,
  pagedQueryProps,
  type DataTableProps,
  type PagedQuery,
} from '@/components/data-table/data-table';
import { ListFilters, type FilterDraft, type FilterFormField } from '@/components/list-filters';
import { adminTimeZone } from '@/lib/date-time';
import type { FilterKinds, UrlFilterValues, ListController } from '@/lib/list-state';
import '@/i18n/lists';

/** The note under a list whose dates are shown in the admin's time zone. */
export function TimeZoneNote() {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
      {t('list.timeZone', { zone: adminTimeZone() })}
    </Typography>
  );
}

type FilteredListProps<Row, F extends FilterKinds> = Omit<
  DataTableProps<Row>,
  'rows' | 'total' | 'loading' | 'error' | 'onRetry' | 'list'
> & {
  /** The URL-backed view: filters, sort and page. */
  list: ListController<F>;
  /** The paged query of the current view. */
  query: PagedQuery<Row>;
  fields: FilterFormField[];
  /** What the form shows; by default the URL's filters (pass cleaned values to hide junk). */
  filterValues?: FilterDraft;
  /** false leaves out the time-zone note (a list without dates, or one note for tabs). */
  timeZoneNote?: boolean;
};

/**
 * The body of a list screen: its filter form over a server-paged table, both wired to the
 * URL state, and the time-zone note. Screens add only their fields, columns and query.
 */
export function FilteredList<Row, F extends FilterKinds>({
  list,
  query,
  fields,
  filterValues,
  timeZoneNote = true,
  ...table
}: FilteredListProps<Row, F>) {
  return (
    <>
      <ListFilters
        fields={fields}
        values={filterValues ?? list.filters}
        onApply={(values) => list.setFilters(values as Partial<UrlFilterValues<F>>)}
        onClear={list.clearFilters}
      />
      <DataTable {...pagedQueryProps(query)} {...table} list={list} />
      {timeZoneNote && <TimeZoneNote />}
    </>
  );
}
