import type { ReactNode } from 'react';
import { AmountText } from '@/components/amount-text';
import { HashText } from '@/components/hash-text';
import { formatRatePercent, type AmountUnit } from '@/lib/amount';
import { formatDateTime, formatDateTimeShort } from '@/lib/date-time';
import type { DataColumn } from './data-table';

// Column builders every list uses, so amounts, rates, hashes and dates look the same on
// every screen (docs/list-conventions.md, "Cells").

type Base<Row> = Omit<DataColumn<Row>, 'render' | 'align'>;

/** "Label (UNIT)" unless the label already names the unit ("HEC staked", "Sent (HEC)"). */
function withUnit(label: string, unit: AmountUnit): string {
  return label.includes(unit) ? label : `${label} (${unit})`;
}

/** A right-aligned amount, the unit in the header, decimal points aligned. */
export function amountColumn<Row>(
  column: Base<Row> & { unit: AmountUnit; value: (row: Row) => string | null | undefined },
): DataColumn<Row> {
  const { unit, value, ...rest } = column;
  return {
    ...rest,
    label: withUnit(column.label, unit),
    align: 'right',
    render: (row) => (
      // The unit's decimals (USD in cents) and tooltip; the unit itself is in the header.
      <AmountText value={value(row)} unit={unit} showUnit={false} aligned />
    ),
  };
}

/** A rate kept as a fraction, shown as a percentage. */
export function rateColumn<Row>(
  column: Base<Row> & { value: (row: Row) => string | null | undefined },
): DataColumn<Row> {
  const { value, ...rest } = column;
  return { ...rest, align: 'right', render: (row) => formatRatePercent(value(row)) };
}

/** An instant, short in the cell (the list names the zone), in full on hover. */
export function dateTimeColumn<Row>(
  column: Base<Row> & { value: (row: Row) => string | number | null | undefined },
): DataColumn<Row> {
  const { value, ...rest } = column;
  return {
    ...rest,
    render: (row): ReactNode => {
      const v = value(row);
      return <span title={formatDateTime(v)}>{formatDateTimeShort(v)}</span>;
    },
  };
}

/** A hash or address: shortened, whole on hover, with a copy button. */
export function hashColumn<Row>(
  column: Base<Row> & { value: (row: Row) => string | null | undefined },
): DataColumn<Row> {
  const { value, ...rest } = column;
  return { ...rest, render: (row) => <HashText value={value(row)} label={column.label} /> };
}
