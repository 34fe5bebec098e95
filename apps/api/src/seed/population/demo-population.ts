import type { Kysely } from 'kysely';
import { businessDate, businessDayStart, DEFAULT_BUSINESS_TIME_ZONE } from '@app/shared';
import type { DB } from '../../db/schema';
import { generatePopulation, type PopulationSummary } from './generate-population';
import {
  hasPopulation,
  listAdminIds,
  readBusinessTimeZone,
  resetIdentitySequences,
  setPopulationTriggers,
  addDemoApprovals,
} from './bulk-load';
import { SqlInsertSink } from './sinks';

export const DEMO_USERS = 2_000;
export const DEMO_SEED = 20_261_101;

const HOUR = 3_600_000;

/**
 * The demo's "now" for a load at `now` (issue 26): one hour into the business day `now` falls
 * in (one hour into the previous day before that hour has passed), so the demo is dated
 * relative to the day it is loaded: a load on another day moves every date by whole days and
 * changes nothing else, nothing is dated after `now`, and "today" already holds its newest
 * users, sales and waiting withdrawals.
 */
export function demoPopulationEnd(now: number, timeZone: string): number {
  const day = businessDate(now - HOUR, timeZone);
  return businessDayStart(day, timeZone)!.getTime() + HOUR;
}

/**
 * Loads the demo population (about 2,000 users and their records) when the domain is empty,
 * in one transaction. Returns the summary, or null when data already existed.
 */
export async function seedDemoPopulation(
  db: Kysely<DB>,
  options: {
    users?: number;
    seed?: number;
    /** Record the approved requests' approvals (default); off only for a schema before 0070. */
    approvals?: boolean;
    /**
     * Date the demo relative to this instant (issue 26; the server passes the time it starts):
     * it ends at `demoPopulationEnd(liveAt)` with its live edge. Without it the population
     * ends on the fixed `POPULATION_END`, as the tests that count its rows expect.
     */
    liveAt?: number;
  } = {},
): Promise<PopulationSummary | null> {
  return db.transaction().execute(async (trx) => {
    if (await hasPopulation(trx)) return null;
    const sink = new SqlInsertSink();
    const businessTimeZone = await readBusinessTimeZone(trx);
    const summary = await generatePopulation(
      {
        users: options.users ?? DEMO_USERS,
        seed: options.seed ?? DEMO_SEED,
        adminIds: await listAdminIds(trx),
        businessTimeZone,
        ...(options.liveAt === undefined
          ? {}
          : {
              end: demoPopulationEnd(
                options.liveAt,
                businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE,
              ),
              live: true,
            }),
      },
      sink,
    );
    // The generator writes every derived total and counter itself; the triggers would add them
    // a second time.
    await setPopulationTriggers(trx, false);
    await sink.flushTo(trx);
    await setPopulationTriggers(trx, true);
    if (options.approvals ?? true) await addDemoApprovals(trx);
    await resetIdentitySequences(trx);
    return summary;
  });
}
