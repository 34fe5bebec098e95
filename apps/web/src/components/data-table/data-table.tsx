import {
  createContext,
  useContext,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import type { FilterKinds, ListController } from '@/lib/list-state';
import { ColumnChooser } from './column-chooser';
import { ListPagination } from './list-pagination';
import { RowFieldsDialog } from './row-fields-dialog';
import { pinnedSx } from './scroll-table';
import { useColumnVisibility } from './use-column-visibility';
import '@/i18n/lists';
import { WrappingRow } from '@/components/wrapping-row';

// A focused row shows a ring (keyboard users must see where they are); the pinned cell
// follows the row's hover colour.
// The ring is drawn on the cells (an outline on a table row is not drawn reliably).
const ring = (color: string, sides: string) =>
  sides
    .split(' ')
    .map((side) => {
      const [x, y] = { top: [0, 2], bottom: [0, -2], left: [2, 0], right: [-2, 0] }[side] ?? [0, 0];
      return `inset ${x}px ${y}px 0 ${color}`;
    })
    .join(', ');
type PaletteTheme = { palette: { primary: { main: string } } };
const openableRowSx = {
  cursor: 'pointer',
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible > td': {
    boxShadow: (theme: PaletteTheme) => ring(theme.palette.primary.main, 'top bottom'),
  },
  '&:focus-visible > td:first-of-type': {
    boxShadow: (theme: PaletteTheme) => ring(theme.palette.primary.main, 'top bottom left'),
  },
  '&:focus-visible > td:last-of-type': {
    boxShadow: (theme: PaletteTheme) => ring(theme.palette.primary.main, 'top bottom right'),
  },
  '&:hover .pinned-cell, &:focus-visible .pinned-cell': {
    bgcolor: (theme: { palette: { mode: string } }) =>
      theme.palette.mode === 'dark' ? '#2c2c2c' : '#f5f5f5',
  },
} as const;

/** One column of a DataTable. */
export type DataColumn<Row> = {
  /** Stable id; also the server's sort target unless `sortTarget` says otherwise. */
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** The column can be sorted by the server. */
  sortable?: boolean;
  sortTarget?: string;
  align?: 'left' | 'right' | 'center';
  /** false keeps the column out of the chooser (always shown). */
  hideable?: boolean;
  defaultHidden?: boolean;
  /** The identifying column: shown first, and stays in view when the table scrolls sideways. */
  pinned?: boolean;
  /**
   * Kept on a phone beside the pinned column (issue 35). Without any, a phone keeps the first
   * two shown columns; a row then opens all of its fields.
   */
  phone?: boolean;
};

/** The columns a phone keeps: the pinned one and those marked `phone`, or the first two. */
export function phoneColumns<Row>(visible: DataColumn<Row>[]): DataColumn<Row>[] {
  const kept = visible.filter((c) => c.pinned || c.phone);
  return kept.length > 1 ? kept : visible.slice(0, 2);
}

/**
 * Set by a page that shows one error banner for all of its calls (the user detail): its
 * tables then say only that they are not loaded, instead of repeating the error and a retry.
 */
export const PageErrorBannerContext = createContext(false);

/** What a DataTable needs from its list: the URL-backed view, or nothing for a fixed list. */
type Paging = Pick<
  ListController<FilterKinds>,
  'page' | 'pageSize' | 'sort' | 'setPage' | 'setPageSize' | 'toggleSort'
>;

export type DataTableProps<Row> = {
  /** Accessible name of the table. */
  label: string;
  /** Remembers the column choice per screen in localStorage. */
  storageKey: string;
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  getRowId: (row: Row) => string | number;
  /** Total rows on the server, for the pager; without it no pager is shown. */
  total?: number;
  list?: Paging;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Opens a row's detail, by click or by Enter on the focused row. */
  onOpenRow?: (row: Row) => void;
  /** Accessible name of a row that opens, e.g. "Open user alice". */
  rowLabel?: (row: Row) => string;
  emptyText?: string;
  /** Extra controls shown next to the column chooser (export buttons and the like). */
  actions?: ReactNode;
  /** Rows under the body (totals), given as cells of one row per entry. */
  footer?: ReactNode;
};

/**
 * The rows to show: a failed refresh keeps the rows the table had (dimmed under the error,
 * `stale`) instead of dropping them, so the operator still sees the last good page while
 * retrying.
 */
function useShownRows<Row>(
  rows: Row[] | undefined,
  failed: boolean,
): { shown: Row[] | undefined; stale: boolean } {
  const [lastRows, setLastRows] = useState(rows);
  if (rows !== undefined && rows !== lastRows) setLastRows(rows);
  const shown = rows ?? (failed ? lastRows : undefined);
  return { shown, stale: rows === undefined && shown !== undefined };
}

/** Enter on a focused row opens it, as a click does. */
function openOnEnter<Row>(open: ((row: Row) => void) | undefined) {
  return (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      open?.(row);
    }
  };
}

/**
 * Focusing a row scrolls it into view, which for a row wider than the area means scrolling
 * the table sideways to its far end: this keeps the sideways position the operator had.
 */
function useSidewaysKeptOnFocus() {
  const container = useRef<HTMLDivElement>(null);
  const onRowFocus = (event: FocusEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || !container.current) return;
    const area = container.current;
    const left = area.scrollLeft;
    requestAnimationFrame(() => {
      area.scrollLeft = left;
    });
  };
  return { container, onRowFocus };
}

/**
 * The list table of every screen: server-side sort and pages driven by the URL, page sizes
 * 20/50/100, a remembered column chooser, loading/empty/error states and rows that open by
 * click or keyboard.
 */
export function DataTable<Row>({
  label,
  storageKey,
  columns,
  rows,
  getRowId,
  total,
  list,
  loading = false,
  error,
  onRetry,
  onOpenRow,
  rowLabel,
  emptyText,
  actions,
  footer,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { hidden, toggle } = useColumnVisibility(
    `columns:${storageKey}`,
    columns.filter((c) => c.defaultHidden).map((c) => c.id),
  );
  // The pinned (identifying) column leads: it sticks to the left edge, so it must be first.
  const chosen = columns
    .filter((c) => c.hideable === false || !hidden.includes(c.id))
    .sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)));
  // A phone (390 px) shows about four columns of a list and cut the rest: it keeps the
  // identifying ones, and every row opens all of its fields (issue 35).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const visible = phone ? phoneColumns(chosen) : chosen;
  const [fieldsOf, setFieldsOf] = useState<Row | null>(null);
  const openRow = phone ? setFieldsOf : onOpenRow;
  const bannerShowsErrors = useContext(PageErrorBannerContext);
  const failed = error !== undefined && error !== null;
  const { shown, stale } = useShownRows(rows, failed);
  const hasRows = shown !== undefined && shown.length > 0;
  const { container, onRowFocus } = useSidewaysKeptOnFocus();

  const onKeyDown = openOnEnter(openRow);
  const rowName = (row: Row) =>
    phone
      ? t('list.showRowFields', { id: getRowId(row) })
      : onOpenRow && rowLabel
        ? rowLabel(row)
        : undefined;

  return (
    <Paper variant="outlined">
      {/* The count, the list's actions and the column chooser wrap on a narrow screen. */}
      <WrappingRow sx={{ px: 2, py: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} aria-live="polite">
          {total !== undefined && t('list.total', { count: total, formatted: formatNumber(total) })}
        </Typography>
        {actions}
        <ColumnChooser
          columns={columns.filter((c) => c.hideable !== false)}
          hidden={hidden}
          onToggle={toggle}
        />
      </WrappingRow>
      {phone && hasRows && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2 }}>
          {t('list.tapRowHint')}
        </Typography>
      )}
      {/* Reserve the bar's height so the table does not jump when loading starts. */}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('list.loading')} />}</Box>
      {failed && !bannerShowsErrors && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry} disabled={loading}>
                {t('list.retry')}
              </Button>
            )
          }
        >
          {errorMessage(error, t)}
          {stale && ` ${t('list.staleRows')}`}
        </Alert>
      )}
      {/* Focusable so a table wider than the screen can be scrolled by keyboard. */}
      <TableContainer tabIndex={0} role="group" aria-label={label} ref={container}>
        <Table
          size="small"
          aria-label={label}
          aria-busy={loading}
          sx={{
            '& .MuiTableCell-root': { px: 1.25 },
            '& .MuiTableCell-head': { lineHeight: 1.3, verticalAlign: 'bottom' },
            opacity: stale ? 0.55 : 1,
          }}
        >
          <TableHead>
            <TableRow>
              {visible.map((column) => {
                const target = column.sortTarget ?? column.id;
                const active = list?.sort?.target === target;
                const direction = active && list?.sort?.orderBy === 'DESC' ? 'desc' : 'asc';
                return (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sortDirection={active ? direction : false}
                    // Headers may wrap (at phrase boundaries in Japanese) so that the column
                    // is as wide as its values, not its label.
                    sx={{ fontWeight: 600, ...(column.pinned ? pinnedSx : {}) }}
                    className={column.pinned ? 'pinned-cell' : undefined}
                    data-sort-target={column.sortable && list ? target : undefined}
                  >
                    {column.sortable && list ? (
                      <TableSortLabel
                        active={active}
                        direction={direction}
                        onClick={() => list.toggleSort(target)}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {hasRows &&
              shown.map((row) => (
                <TableRow
                  key={getRowId(row)}
                  data-row-id={getRowId(row)}
                  hover={Boolean(openRow)}
                  tabIndex={openRow ? 0 : undefined}
                  aria-label={rowName(row)}
                  onClick={openRow ? () => openRow(row) : undefined}
                  onKeyDown={openRow ? (e) => onKeyDown(e, row) : undefined}
                  onFocus={openRow ? onRowFocus : undefined}
                  sx={openRow ? openableRowSx : undefined}
                >
                  {visible.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      className={column.pinned ? 'pinned-cell' : undefined}
                      // A phone's few columns share its width: their cells wrap rather than cut.
                      sx={{
                        ...(phone
                          ? { whiteSpace: 'normal', overflowWrap: 'anywhere' }
                          : { whiteSpace: 'nowrap' }),
                        ...(column.pinned ? pinnedSx : {}),
                      }}
                    >
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!hasRows && (
              <TableRow>
                <TableCell colSpan={visible.length} align="center" sx={{ py: 4 }}>
                  <Typography color="text.secondary">
                    {shown !== undefined
                      ? (emptyText ?? t('list.empty'))
                      : failed
                        ? t('list.notLoaded')
                        : t('list.loading')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
          {/* The totals are cells of every column: a phone's few columns leave them out. */}
          {footer && hasRows && !phone && <TableBody>{footer}</TableBody>}
        </Table>
      </TableContainer>
      {fieldsOf !== null && (
        <RowFieldsDialog
          title={t('list.rowFields', { id: getRowId(fieldsOf) })}
          fields={columns.map((c) => ({ id: c.id, label: c.label, value: c.render(fieldsOf) }))}
          onOpenDetail={onOpenRow ? () => onOpenRow(fieldsOf) : undefined}
          onClose={() => setFieldsOf(null)}
        />
      )}
      {list && total !== undefined && (
        <ListPagination
          count={total}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      )}
    </Paper>
  );
}

export type PagedQuery<Row> = {
  data: { list: Row[]; pagination: { totalRecords: number } } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

/** The DataTable props of a paged list query (`{ list, pagination { totalRecords } }`). */
export function pagedQueryProps<Row>(query: PagedQuery<Row>) {
  return {
    rows: query.data?.list,
    total: query.data?.pagination.totalRecords,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
