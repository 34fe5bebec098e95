import type { Kysely } from 'kysely';
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
  } = {},
): Promise<PopulationSummary | null> {
  return db.transaction().execute(async (trx) => {
    if (await hasPopulation(trx)) return null;
    const sink = new SqlInsertSink();
    const summary = await generatePopulation(
      {
        users: options.users ?? DEMO_USERS,
        seed: options.seed ?? DEMO_SEED,
        adminIds: await listAdminIds(trx),
        businessTimeZone: await readBusinessTimeZone(trx),
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
