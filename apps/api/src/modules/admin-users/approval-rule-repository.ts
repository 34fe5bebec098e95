import { sql } from 'kysely';
import type { RoleName } from '@app/shared';
import type { Executor } from '../../db/executor';

/** What the approval rule knows of an admin, read under a share lock of the account. */
type ApproverFacts = {
  id: number;
  userName: string;
  /** Who created the account (null: unknown, the first start, or since deleted). */
  createdBy: number | null;
  roles: Array<{ name: RoleName; grantedBy: number | null }>;
};

/**
 * Reads an admin with their roles and provenance. The account row is locked FOR SHARE until
 * the transaction ends: a demotion or deletion (which locks it FOR UPDATE) waits for an
 * approval being given, and then voids it, so none slips between the two.
 */
export async function lockApproverFacts(
  db: Executor,
  adminUserId: number,
): Promise<ApproverFacts | undefined> {
  const admin = await db
    .selectFrom('admin_users')
    .select(['id', 'user_name as userName', 'created_by_admin_user_id as createdBy'])
    .where('id', '=', adminUserId)
    .forShare()
    .executeTakeFirst();
  if (!admin) return undefined;
  const roles = await db
    .selectFrom('admin_user_roles as ur')
    .innerJoin('admin_roles as r', 'r.id', 'ur.role_id')
    .select([sql<RoleName>`r.name`.as('name'), 'ur.granted_by_admin_user_id as grantedBy'])
    .where('ur.admin_user_id', '=', adminUserId)
    .orderBy('r.id')
    .execute();
  return { ...admin, roles };
}

/** Locks an admin account against approvals being given meanwhile (see lockApproverFacts). */
export async function lockAdminForChange(db: Executor, adminUserId: number): Promise<void> {
  await db
    .selectFrom('admin_users')
    .select('id')
    .where('id', '=', adminUserId)
    .forUpdate()
    .execute();
}
