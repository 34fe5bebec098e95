import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** The table view of a chart: the same numbers as text (exact amounts), for reading aloud. */
export function FiguresTable({
  label,
  rows,
  labelHeader,
  valueHeader,
}: {
  label: string;
  rows: Array<{ label: string; value: ReactNode }>;
  labelHeader: string;
  valueHeader: string;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{labelHeader}</TableCell>
          <TableCell align="right">{valueHeader}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.label}>
            <TableCell>{r.label}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {r.value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
