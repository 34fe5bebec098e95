import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportBar, ExportButton } from '@/components/export-button';
import { FilteredList } from '@/components/filtered-list';
import type { FilterKinds } from '@/lib/list-state';
import { useListQuery, type ListDescriptor } from '@/lib/list-query';
import '@/i18n/lists';

/**
 * A declared list screen: the export bar (when the list has an export) over the filter form
 * and the server-paged table, all driven by one descriptor (lib/list-query.ts). `context`
 * is what the screen's own hooks give its fields and columns.
 */
export function ListScreen<F extends FilterKinds, Row, LR, LV, ER, EV, C = undefined>({
  descriptor,
  context,
}: {
  descriptor: ListDescriptor<F, Row, LR, LV, ER, EV, C>;
} & (C extends undefined ? { context?: undefined } : { context: C })) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list, query, exportLink } = useListQuery(descriptor);
  const ctx = context as C;
  const rowLink = descriptor.rowLink;
  return (
    <>
      {exportLink && (
        <ExportBar>
          <ExportButton
            getLink={() => exportLink()}
            rowCount={query.data?.pagination.totalRecords}
          />
        </ExportBar>
      )}
      <FilteredList
        list={list}
        query={query}
        fields={descriptor.fields(t, ctx)}
        label={descriptor.label(t)}
        storageKey={descriptor.storageKey}
        columns={descriptor.columns(t, ctx)}
        getRowId={descriptor.getRowId}
        {...(rowLink && {
          onOpenRow: (row: Row) => void navigate(rowLink.to(row)),
          rowLabel: (row: Row) => rowLink.label(t, row),
        })}
        timeZoneNote={descriptor.timeZoneNote ?? true}
      />
    </>
  );
}
