import { Table, TableBody, TableCell, TableHead, TableRow, type TableProps } from '@mui/material';

/** A header cell: its text, right-aligned over a column of figures. */
type SimpleHeader = string | { label: string; align: 'right' };

/**
 * A small fixed table (admins, grants, sessions, a file format, totals): the header from
 * `headers`, the rows as the screen writes them (`TableRow`s). The lists with filters, sort
 * and pages are `DataTable`s instead.
 */
export function SimpleTable({
  headers,
  children,
  ...table
}: TableProps & { 'aria-label': string; headers: readonly SimpleHeader[] }) {
  return (
    <Table size="small" {...table}>
      <TableHead>
        <TableRow>
          {headers.map((header, i) =>
            typeof header === 'string' ? (
              <TableCell key={i}>{header}</TableCell>
            ) : (
              <TableCell key={i} align={header.align}>
                {header.label}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
