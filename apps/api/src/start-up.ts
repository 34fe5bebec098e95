import type { Kysely } from 'kysely';
import { setBusinessClockZone } from './db/business-clock';
import type { DB } from './db/schema';
import { migrateLocked, withMigrationLock } from './db/migrator';
import { installJobsSchema } from './platform/jobs';
import type { FileStorage } from './platform/storage';
import { seedDemoAdmins } from './seed/demo-admins';
import { materializeDemoFiles } from './seed/demo-files';
import { seedDemoPopulation } from './seed/population/demo-population';

type PreparedDatabase = {
  /** Migration versions this call applied. */
  applied: string[];
  /** Whether this call created the demo admins (false: they existed, or no demo seed). */
  seededAdmins: boolean;
  /** Whether this call loaded the demo population. */
  seededPopulation: boolean;
};

/**
 * What a server does to its database before it serves: applies pending migrations, creates the
 * job queue's schema (pg-boss) and, with `demoSeed`, loads the demo admins, population and
 * attachment files, all under the one migration lock; it also makes the database count its
 * days in the business time zone (docs/architecture.md, "Start-up"). Replicas started at the same moment take
 * turns: the first migrates and seeds, the others wait for the lock and find everything done,
 * because each seeding step checks, inside the lock, whether its data exists. So any number of
 * concurrent starts seed once, and a start on a seeded database changes nothing.
 */
export async function prepareDatabase(
  db: Kysely<DB>,
  options: {
    demoSeed: boolean;
    storage?: FileStorage | undefined;
    /** BUSINESS_TIME_ZONE; the database counts its days in it (migration 0150). */
    businessTimeZone?: string | undefined;
  },
): Promise<PreparedDatabase> {
  return withMigrationLock(db, async (conn) => {
    const applied = await migrateLocked(conn);
    // Rebuilds the kept days only when the zone differs from the one they were counted in.
    if (options.businessTimeZone) {
      await setBusinessClockZone(conn, options.businessTimeZone);
    }
    await installJobsSchema(conn);
    if (!options.demoSeed) return { applied, seededAdmins: false, seededPopulation: false };
    const seededAdmins = await seedDemoAdmins(conn);
    const seededPopulation = (await seedDemoPopulation(conn, { liveAt: Date.now() })) !== null;
    // The generated inquiries' attachments, as real files in the storage.
    if (options.storage) await materializeDemoFiles(conn, options.storage);
    return { applied, seededAdmins, seededPopulation };
  });
}
