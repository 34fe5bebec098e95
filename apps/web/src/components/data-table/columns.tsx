import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
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
function rateColumn<Row>(
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

/** The row's fields whose values a builder takes (`V`). */
type FieldOf<Row, V> = { [K in keyof Row]: Row[K] extends V ? K : never }[keyof Row] & string;

/** What a field column may add to its builder (sort, hidden at first). */
type More<Row> = Partial<Omit<Base<Row>, 'id' | 'label'>>;

type Text = string | null | undefined;

// The builders above for the common case of a column showing one row field under its
// `fields.` label, the column id being the field's name (and so the saved column choice).

function named(t: TFunction, key: string) {
  return { id: key, label: t(`fields.${key}`) };
}

/** `amountColumn` of the row field `key`. */
export function amountField<Row>(
  t: TFunction,
  key: FieldOf<Row, Text>,
  unit: AmountUnit,
  more: More<Row> = {},
): DataColumn<Row> {
  return amountColumn<Row>({ ...named(t, key), unit, value: (r) => r[key] as Text, ...more });
}

/** The field builder of a column builder that shows a row field's text. */
function textField(
  column: <Row>(column: Base<Row> & { value: (row: Row) => Text }) => DataColumn<Row>,
) {
  return <Row,>(t: TFunction, key: FieldOf<Row, Text>, more: More<Row> = {}): DataColumn<Row> =>
    column<Row>({ ...named(t, key), value: (r) => r[key] as Text, ...more });
}

/** `rateColumn` of the row field `key`. */
export const rateField = textField(rateColumn);

/** `dateTimeColumn` of the row field `key`. */
export function dateTimeField<Row>(
  t: TFunction,
  key: FieldOf<Row, Text | number>,
  more: More<Row> = {},
): DataColumn<Row> {
  return dateTimeColumn<Row>({ ...named(t, key), value: (r) => r[key] as Text | number, ...more });
}

/** `hashColumn` of the row field `key`. */
export const hashField = textField(hashColumn);
