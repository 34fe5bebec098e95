import { builder } from './builder';

type Types = typeof builder.$inferSchemaTypes;

/**
 * Decimal fields read straight from a row, by name, as their exact text: the money columns of
 * a section declared as one list of names instead of one resolver each.
 */
export function decimalFields<Row extends object, K extends keyof Row & string>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Row>,
  keys: readonly K[],
) {
  return Object.fromEntries(
    keys.map((key) => [key, t.field({ type: 'Decimal', resolve: (row) => String(row[key]) })]),
  ) as Record<K, ReturnType<typeof t.field>>;
}
