import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * The database's business clock (migration 0150): the zone its kept days (asset statistics,
 * registration-day buckets) are counted in. The server writes BUSINESS_TIME_ZONE there at
 * start-up; the days are rebuilt only when the zone changes. Returns whether it changed.
 */
export async function setBusinessClockZone(db: Executor, zone: string): Promise<boolean> {
  const { rows } = await sql<{ changed: boolean }>`
    SELECT set_business_time_zone(${zone}) AS changed`.execute(db);
  return rows[0]?.changed === true;
}

/** The zone the database counts business days in. */
export async function businessClockZone(db: Executor): Promise<string> {
  const { rows } = await sql<{
    zone: string;
  }>`SELECT time_zone AS zone FROM business_clock`.execute(db);
  return rows[0]?.zone ?? 'UTC';
}
