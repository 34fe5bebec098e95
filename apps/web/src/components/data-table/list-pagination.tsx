import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { PAGE_SIZES } from '@/lib/list-state';
import '@/i18n/lists';

type Props = {
  /** Rows the list holds in all. */
  count: number;
  /** 1-based, as in the URL. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/**
 * The pager under every paged list: one wording ("表示件数", "1–20 / 118 件") and one set of
 * page sizes, whichever table it sits under (the shared table, support, the audit log).
 */
export function ListPagination({ count, page, pageSize, onPageChange, onPageSizeChange }: Props) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
      labelRowsPerPage={t('list.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: all }) =>
        t('list.displayedRows', {
          from: formatNumber(from),
          to: formatNumber(to),
          count: formatNumber(all),
        })
      }
      getItemAriaLabel={(type) => t(`list.pager.${type}`)}
      // On a phone the toolbar wraps to the right instead of running past its card: in English
      // "Rows per page" and "1–20 of 2,000" pushed the next-page arrow out of sight.
      sx={{
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          pl: { xs: 1, sm: 2 },
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
      }}
    />
  );
}
