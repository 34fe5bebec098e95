import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { renderRoutes } from '@/test/render';
import { DataTable, phoneColumns, type DataColumn } from './data-table';

type Row = { id: number; userName: string; amount: string };

const OPTIONS: ListStateOptions<{ userName: 'text' }> = {
  filters: { userName: 'text' },
  sortTargets: ['id', 'userName'],
};

const COLUMNS: DataColumn<Row>[] = [
  { id: 'id', label: 'ID', render: (r) => r.id, sortable: true },
  { id: 'userName', label: 'Name', render: (r) => r.userName, sortable: true },
  { id: 'amount', label: 'Amount', render: (r) => `${r.amount} HEC`, align: 'right' },
];

const ROWS: Row[] = [
  { id: 1, userName: 'alice', amount: '1234567.000000000000000001' },
  { id: 2, userName: 'bob', amount: '0.5' },
];

function Screen(props: {
  rows?: Row[];
  total?: number;
  error?: unknown;
  onOpen?: (row: Row) => void;
}) {
  const list = useListState(OPTIONS);
  return (
    <DataTable
      label="Users"
      storageKey="test-users"
      columns={COLUMNS}
      rows={props.rows}
      total={props.total}
      error={props.error}
      list={list}
      getRowId={(r) => r.id}
      onOpenRow={props.onOpen}
      rowLabel={(r) => `Open ${r.userName}`}
    />
  );
}

function renderScreen(props: Parameters<typeof Screen>[0], path = '/users') {
  return renderRoutes([{ path: '/users', element: <Screen {...props} /> }], path);
}

describe('DataTable', () => {
  it('shows rows as their columns render them and opens a row by click and by Enter', async () => {
    const onOpen = vi.fn();
    renderScreen({ rows: ROWS, total: 2, onOpen });
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getByText('1234567.000000000000000001 HEC')).toBeInTheDocument();
    const bob = screen.getByRole('row', { name: 'Open bob' });
    await userEvent.click(bob);
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
    const alice = screen.getByRole('row', { name: 'Open alice' });
    alice.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[0]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('sorts and pages through the URL, with page sizes 20, 50 and 100', async () => {
    const { router } = renderScreen({ rows: ROWS, total: 250 });
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(router.state.location.search).toBe('?sort=userName&order=asc');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(router.state.location.search).toBe('?sort=userName&order=desc');
    await userEvent.click(screen.getByRole('button', { name: /next page|次のページ/i }));
    expect(router.state.location.search).toBe('?sort=userName&order=desc&page=2');
    await userEvent.click(screen.getByRole('combobox'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['20', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(router.state.location.search).toBe('?sort=userName&order=desc&size=50');
  });

  it('hides a column from the chooser and remembers it per screen', async () => {
    const first = renderScreen({ rows: ROWS, total: 2 });
    await userEvent.click(screen.getByRole('button', { name: /columns|表示する列/i }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Amount' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'Amount' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('columns:test-users') ?? '[]')).toEqual(['amount']);
    first.unmount();
    renderScreen({ rows: ROWS, total: 2 });
    expect(screen.queryByRole('columnheader', { name: 'Amount' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
  });

  it('counts its records in the plural form of the language', async () => {
    const language = i18n.language;
    try {
      await i18n.changeLanguage('en');
      const one = renderScreen({ rows: ROWS.slice(0, 1), total: 1 });
      expect(screen.getByText('1 record')).toBeInTheDocument();
      one.unmount();
      const many = renderScreen({ rows: ROWS, total: 1234567 });
      expect(screen.getByText('1,234,567 records')).toBeInTheDocument();
      many.unmount();
      await i18n.changeLanguage('ja');
      renderScreen({ rows: ROWS.slice(0, 1), total: 1 });
      expect(screen.getByText('1 件')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage(language);
    }
  });

  it('shows loading, empty and error states', () => {
    const loading = renderScreen({ rows: undefined });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByText(/loading|読み込み中/i).length).toBeGreaterThan(0);
    loading.unmount();
    const empty = renderScreen({ rows: [], total: 0 });
    expect(screen.getByText(/no matching data|該当するデータはありません/i)).toBeInTheDocument();
    empty.unmount();
    renderScreen({ rows: [], total: 0, error: new Error('boom') });
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

describe('phoneColumns (what a 390 px phone keeps of a list)', () => {
  const column = (id: string, extra: Partial<DataColumn<Row>> = {}): DataColumn<Row> => ({
    id,
    label: id,
    render: () => id,
    ...extra,
  });
  it('keeps the pinned column and those marked for a phone', () => {
    const kept = phoneColumns([
      column('userName', { pinned: true }),
      column('email'),
      column('status', { phone: true }),
      column('amount'),
    ]);
    expect(kept.map((c) => c.id)).toEqual(['userName', 'status']);
  });
  it('keeps the first two shown columns when none is marked', () => {
    expect(phoneColumns(COLUMNS).map((c) => c.id)).toEqual(['id', 'userName']);
    expect(phoneColumns([column('id', { pinned: true }), column('a')]).map((c) => c.id)).toEqual([
      'id',
      'a',
    ]);
  });
});
