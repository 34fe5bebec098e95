import type { ColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A timestamptz column the application must always set. */
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
