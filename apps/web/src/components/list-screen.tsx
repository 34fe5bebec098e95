import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportBar, ExportButton } from '@/components/export-button';
import { FilteredList } from '@/components/filtered-list';
import type { FilterKinds, ListController } from '@/lib/list-state';
import { listStorageKey, useListQuery, type ListDescriptor } from '@/lib/list-query';
import '@/i18n/lists';

/**
 * What a declared list gives `DataTable` besides its rows: the table's name, column key,
 * columns, row ids and empty text. For a screen that lays out more around the list (a send's
 * progress over its recipients, totals over a history) and so calls `useListQuery` itself.
 */
export function listTableProps<F extends FilterKinds, Row, LR, LV, ER, EV, C, X>(
  descriptor: ListDescriptor<F, Row, LR, LV, ER, EV, C, X>,
  t: TFunction,
  context: C,
) {
  return {
    label: descriptor.label(t, context),
    storageKey: listStorageKey(descriptor.storageKey, context),
    columns: descriptor.columns(t, context),
    getRowId: descriptor.getRowId,
    ...(descriptor.emptyText && { emptyText: descriptor.emptyText(t, context) }),
  };
}

/**
 * What a declared list gives `FilteredList` besides its view and query: the table's (above)
 * and the form's fields and values. For a screen that lays out more around the list (the
 * withdrawal tabs and actions, a heading) and so calls `useListQuery` itself.
 */
export function filteredListProps<F extends FilterKinds, Row, LR, LV, ER, EV, C, X>(
  descriptor: ListDescriptor<F, Row, LR, LV, ER, EV, C, X>,
  t: TFunction,
  context: C,
  list: ListController<F>,
) {
  return {
    ...listTableProps(descriptor, t, context),
    fields: descriptor.fields(t, context),
    ...(descriptor.filterValues && { filterValues: descriptor.filterValues(list.filters) }),
    timeZoneNote: descriptor.timeZoneNote ?? true,
  };
}

/**
 * A declared list screen: the export bar (when the list has an export; one button per file
 * layout) over the filter form and the server-paged table, all driven by one descriptor
 * (lib/list-query.ts). `context` is what the screen adds from outside the URL.
 */
export function ListScreen<F extends FilterKinds, Row, LR, LV, ER, EV, C = undefined, X = unknown>({
  descriptor,
  context,
}: {
  descriptor: ListDescriptor<F, Row, LR, LV, ER, EV, C, X>;
} & (C extends undefined ? { context?: undefined } : { context: C })) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = context as C;
  const { list, query, exportLink } = useListQuery<F, Row, LR, LV, ER, EV, C, X>(
    descriptor,
    ...([ctx] as C extends undefined ? [context?: C] : [context: C]),
  );
  const rowLink = descriptor.rowLink;
  const rowCount = query.data?.pagination.totalRecords;
  return (
    <>
      {exportLink && (
        <ExportBar>
          <ExportButton getLink={() => exportLink()} rowCount={rowCount} />
          {descriptor.export?.layouts?.map((layout) => (
            <ExportButton
              key={layout.label(t)}
              getLink={() => exportLink(layout.extra)}
              label={layout.label(t)}
              help={layout.help?.(t)}
              rowCount={rowCount}
            />
          ))}
        </ExportBar>
      )}
      <FilteredList
        list={list}
        query={query}
        {...filteredListProps(descriptor, t, ctx, list)}
        {...(rowLink && {
          onOpenRow: (row: Row) => void navigate(rowLink.to(row)),
          rowLabel: (row: Row) => rowLink.label(t, row),
        })}
      />
    </>
  );
}
