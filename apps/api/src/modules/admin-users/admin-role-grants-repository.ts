import { sql } from 'kysely';
import type { RoleName } from '@app/shared';
import type { Executor } from '../../db/executor';
import { decidedColumns, type DecidingAdmin } from '../../db/second-admin-decision';

/** A proposed grant of an approving role (migration 0215). */
export type RoleGrantRow = {
  id: string;
  adminUserId: number;
  adminUserName: string;
  role: RoleName;
  status: 'pending' | 'confirmed' | 'withdrawn';
  proposedByAdminUserId: number | null;
  proposedByAdminUserName: string;
  proposedAt: Date;
};

function grants(db: Executor) {
  return db
    .selectFrom('admin_role_grants as g')
    .innerJoin('admin_users as u', 'u.id', 'g.admin_user_id')
    .innerJoin('admin_roles as r', 'r.id', 'g.role_id')
    .select([
      sql<string>`g.id::text`.as('id'),
      'g.admin_user_id as adminUserId',
      'u.user_name as adminUserName',
      sql<RoleName>`r.name`.as('role'),
      'g.status',
      'g.proposed_by_admin_user_id as proposedByAdminUserId',
      'g.proposed_by_admin_user_name as proposedByAdminUserName',
      'g.proposed_at as proposedAt',
    ]);
}

/** The grants waiting for a second super admin, oldest first. */
export async function pendingGrants(db: Executor): Promise<RoleGrantRow[]> {
  return grants(db).where('g.status', '=', 'pending').orderBy('g.id').execute();
}

/** One grant by id, its row locked for a decision (undefined: none). */
export async function lockGrant(db: Executor, id: string): Promise<RoleGrantRow | undefined> {
  const found = await db
    .selectFrom('admin_role_grants')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!found) return undefined;
  return grants(db).where('g.id', '=', id).executeTakeFirst();
}

/** The pending grant of a role to an admin, if any. */
export async function pendingGrantOf(
  db: Executor,
  adminUserId: number,
  role: RoleName,
): Promise<RoleGrantRow | undefined> {
  return grants(db)
    .where('g.status', '=', 'pending')
    .where('g.admin_user_id', '=', adminUserId)
    .where('r.name', '=', role)
    .executeTakeFirst();
}

export async function insertGrant(
  db: Executor,
  values: { adminUserId: number; role: RoleName; proposer: { id: number; name: string } },
): Promise<string> {
  const row = await db
    .insertInto('admin_role_grants')
    .columns([
      'admin_user_id',
      'role_id',
      'proposed_by_admin_user_id',
      'proposed_by_admin_user_name',
    ])
    .expression(
      db
        .selectFrom('admin_roles')
        .select([
          sql<number>`${values.adminUserId}::integer`.as('admin_user_id'),
          'id as role_id',
          sql<number>`${values.proposer.id}::integer`.as('proposed_by_admin_user_id'),
          sql<string>`${values.proposer.name}::text`.as('proposed_by_admin_user_name'),
        ])
        .where('name', '=', values.role),
    )
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Closes a pending grant, confirmed or withdrawn by `admin` (null: withdrawn by the system). */
export async function closeGrant(
  db: Executor,
  id: string,
  status: 'confirmed' | 'withdrawn',
  admin: DecidingAdmin,
): Promise<void> {
  await db
    .updateTable('admin_role_grants')
    .set(decidedColumns(status, admin))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Withdraws the pending grants an admin proposed (they lost super_admin or were deleted: a
 * proposal counts only while its proposer could make it); answers their ids.
 */
export async function withdrawGrantsProposedBy(
  db: Executor,
  adminUserId: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('admin_role_grants')
    .set({ status: 'withdrawn', decided_at: sql<Date>`now()` })
    .where('proposed_by_admin_user_id', '=', adminUserId)
    .where('status', '=', 'pending')
    .returning(sql<string>`id::text`.as('id'))
    .execute();
  return rows.map((row) => row.id);
}
