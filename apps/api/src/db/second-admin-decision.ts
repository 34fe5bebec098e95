import { sql } from 'kysely';

/** The admin who closes a proposal, or null when the system withdraws it. */
export type DecidingAdmin = { id: number; name: string } | null;

/**
 * The columns that close a proposal waiting for a second admin (a role grant, a threshold
 * raise): its new status, who decided and when. Both tables record a decision the same way
 * (migrations of admin_role_grants and withdrawal_threshold_changes).
 */
export function decidedColumns<S extends string>(status: S, admin: DecidingAdmin) {
  return {
    status,
    decided_by_admin_user_id: admin?.id ?? null,
    decided_by_admin_user_name: admin?.name ?? null,
    decided_at: sql<Date>`now()`,
  };
}
