import { loadConfig } from '../config/env';
import { openConfiguredDatabase } from '../db/database';
import { createAuditService } from '../modules/audit/audit-service';
import { systemClock } from '../shared/clock';

/**
 * `npm run audit:verify`: recomputes the audit hash chain of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR, default ./data of the working directory; the
 * root script runs from the repository root like `npm start`). Exit 0 when intact, 1 when not.
 */
const database = await openConfiguredDatabase(loadConfig());
try {
  const check = await createAuditService(database.db, systemClock).verifyChain();
  if (check.ok) {
    console.log(`Audit chain intact: ${check.rows} rows, last hash ${check.lastHash}.`);
  } else {
    console.error(
      `Audit chain BROKEN at row ${check.brokenAtId}: ${check.reason} (${check.rows} rows verified before it).`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  if ((error as { code?: unknown }).code !== '42P01') throw error;
  console.error('This database has no audit_log table yet: run `npm run db:migrate` first.');
  process.exitCode = 1;
} finally {
  await database.close();
}
