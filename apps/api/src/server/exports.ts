import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { RegisteredExport } from '../platform/exports';
import { auditExports } from '../modules/audit/audit-exports';
import { paymentsExports } from '../modules/payments/payments-exports';
import { referralExports } from '../modules/referral/referral-exports';
import { savingsExports } from '../modules/savings/savings-exports';
import { statisticsExports } from '../modules/statistics/statistics-exports';
import { usersExport } from '../modules/users/users-exports';
import { withdrawalSigningExports } from '../modules/withdrawals/withdrawal-signing-exports';

/**
 * Every export the API offers (docs/architecture.md, "Exports"). A module declares its
 * exports in `<module>-exports.ts`; add one line here per export.
 */
export function exportRegistry(db: Kysely<DB>): RegisteredExport[] {
  return [
    usersExport(db),
    ...paymentsExports(db),
    ...savingsExports(db),
    ...referralExports(db),
    ...statisticsExports(db),
    ...auditExports(db),
    ...withdrawalSigningExports(db),
  ];
}
