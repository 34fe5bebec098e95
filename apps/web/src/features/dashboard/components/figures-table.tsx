import type { ReactNode } from 'react';
import { TableCell, TableRow } from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';

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
    <SimpleTable aria-label={label} headers={[labelHeader, { label: valueHeader, align: 'right' }]}>
      {rows.map((r) => (
        <TableRow key={r.label}>
          <TableCell>{r.label}</TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {r.value}
          </TableCell>
        </TableRow>
      ))}
    </SimpleTable>
  );
}
