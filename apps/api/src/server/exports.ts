import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { RegisteredExport } from '../platform/exports';
import { usersExport } from '../modules/users/users-exports';
import { withdrawalSigningExports } from '../modules/withdrawals/withdrawal-signing-exports';

/**
 * Every export the API offers (docs/architecture.md, "Exports"). A module declares its
 * exports in `<module>-exports.ts`; add one line here per export.
 */
export function exportRegistry(db: Kysely<DB>): RegisteredExport[] {
  return [usersExport(db), ...withdrawalSigningExports(db)];
}
