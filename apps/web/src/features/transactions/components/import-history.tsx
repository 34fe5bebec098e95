import { useTranslation } from 'react-i18next';
import { CSV_IMPORTS_SHAPE } from '@app/shared';
import { dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { listTableProps } from '@/components/list-screen';
import { SectionCard } from '@/components/section-card';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { csvImports } from '../api/csv-imports';

/** The files this screen applies: payments and rates (the API keeps other kinds too). */
const KINDS = ['payments', 'rates'];

/**
 * The applied payment and rate files, from CSV_IMPORTS_SHAPE: who, when, file name, hash,
 * counts; the page and sort sit in the URL under `imports.` (the payments list has the
 * unprefixed keys on the same screen).
 */
const IMPORTS = defineListScreen({
  view: listView(CSV_IMPORTS_SHAPE, { prefix: 'imports.' }),
  query: {
    ...csvImports,
    variables: (_search, pagination) => ({ kinds: KINDS, pagination }),
  },
  label: (t) => t('transactions.history.title'),
  storageKey: 'transactions-imports',
  emptyText: (t) => t('transactions.history.empty'),
  fields: () => [],
  columns: (t) => [
    { id: 'id', label: '#', render: (r) => r.id, sortable: true, hideable: false },
    {
      id: 'kind',
      label: t('transactions.history.kind'),
      render: (r) => t(`transactions.history.kinds.${r.kind}`, r.kind),
    },
    { id: 'fileName', label: t('transactions.history.file'), render: (r) => r.fileName },
    {
      id: 'rowCount',
      label: t('transactions.history.rows'),
      align: 'right',
      render: (r) => r.rowCount,
    },
    {
      id: 'appliedCount',
      label: t('transactions.history.applied'),
      align: 'right',
      render: (r) => r.appliedCount,
    },
    { id: 'adminUserName', label: t('transactions.history.by'), render: (r) => r.adminUserName },
    dateTimeColumn({
      id: 'importedAt',
      label: t('transactions.history.at'),
      value: (r) => r.importedAt,
    }),
    hashColumn({ id: 'contentHash', label: 'SHA-256', value: (r) => r.contentHash }),
  ],
  getRowId: (r) => r.id,
});

/** The applied payment and rate files, paged and sorted like every list. */
export function ImportHistory() {
  const { t } = useTranslation();
  const { list, query } = useListQuery(IMPORTS);
  return (
    <SectionCard title={t('transactions.history.title')} id="import-history">
      <DataTable
        {...listTableProps(IMPORTS, t, undefined)}
        {...pagedQueryProps(query)}
        list={list}
      />
    </SectionCard>
  );
}
