import { sql } from 'kysely';
import type { RoleName } from '@app/shared';
import type { Executor } from '../../db/executor';

export type AdminUserRow = {
  id: number;
  userName: string;
  email: string;
  mustChangePassword: boolean;
  totpEnabled: boolean;
};
export type RoleRow = { name: RoleName; description: string };
export type AdminNameRow = { id: number; userName: string };

function adminColumns(db: Executor) {
  return db
    .selectFrom('admin_users')
    .select([
      'id',
      'user_name as userName',
      'email',
      'must_change_password as mustChangePassword',
      sql<boolean>`totp_secret IS NOT NULL`.as('totpEnabled'),
    ]);
}

export async function findAdminById(db: Executor, id: number): Promise<AdminUserRow | undefined> {
  return adminColumns(db).where('id', '=', id).executeTakeFirst();
}

/** Every admin, oldest first (the list is small: it is the staff of one back-office). */
export async function listAdmins(db: Executor): Promise<AdminUserRow[]> {
  return adminColumns(db).orderBy('id').execute();
}

/** Ids and user names only, for assignee pickers. */
export async function listAdminNames(db: Executor): Promise<AdminNameRow[]> {
  return db
    .selectFrom('admin_users')
    .select(['id', 'user_name as userName'])
    .orderBy('user_name')
    .execute();
}

export async function listRoles(db: Executor): Promise<RoleRow[]> {
  const rows = await db
    .selectFrom('admin_roles')
    .select(['name', 'description'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ name: row.name as RoleName, description: row.description }));
}

/** Roles of several admins in one query, keyed by admin id. */
export async function findRolesOfAdmins(
  db: Executor,
  adminIds: readonly number[],
): Promise<Map<number, RoleRow[]>> {
  const result = new Map<number, RoleRow[]>(adminIds.map((id) => [id, []]));
  if (adminIds.length === 0) return result;
  const rows = await db
    .selectFrom('admin_user_roles as ur')
    .innerJoin('admin_roles as r', 'r.id', 'ur.role_id')
    .select(['ur.admin_user_id', 'r.name', 'r.description'])
    .where('ur.admin_user_id', 'in', adminIds)
    .orderBy('r.id')
    .execute();
  for (const row of rows) {
    result
      .get(row.admin_user_id)
      ?.push({ name: row.name as RoleName, description: row.description });
  }
  return result;
}

/** Role names of one admin. */
export async function findRoleNames(db: Executor, adminId: number): Promise<RoleName[]> {
  const roles = await findRolesOfAdmins(db, [adminId]);
  return (roles.get(adminId) ?? []).map((role) => role.name);
}

export async function countAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Locks the super_admin role row until the transaction ends. Every change that could remove
 * a super admin takes this lock first, so two of them cannot both pass the "not the last
 * super admin" check.
 */
export async function lockSuperAdminRole(db: Executor): Promise<void> {
  await db
    .selectFrom('admin_roles')
    .select('id')
    .where('name', '=', 'super_admin')
    .forUpdate()
    .execute();
}

export async function countSuperAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('admin_user_roles as ur')
    .innerJoin('admin_roles as r', 'r.id', 'ur.role_id')
    .select(sql<string>`count(*)`.as('count'))
    .where('r.name', '=', 'super_admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether another admin already uses this email or user name (letter case ignored). */
export async function findTakenIdentity(
  db: Executor,
  identity: { email?: string | undefined; userName?: string | undefined },
  exceptId?: number,
): Promise<{ email: boolean; userName: boolean }> {
  const taken = { email: false, userName: false };
  if (identity.email === undefined && identity.userName === undefined) return taken;
  let query = db.selectFrom('admin_users').select(['email', 'user_name']);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  query = query.where((eb) =>
    eb.or([
      ...(identity.email !== undefined
        ? [eb(sql<string>`lower(email)`, '=', identity.email.toLowerCase())]
        : []),
      ...(identity.userName !== undefined
        ? [eb(sql<string>`lower(user_name)`, '=', identity.userName.toLowerCase())]
        : []),
    ]),
  );
  for (const row of await query.execute()) {
    if (identity.email !== undefined && row.email.toLowerCase() === identity.email.toLowerCase())
      taken.email = true;
    if (
      identity.userName !== undefined &&
      row.user_name.toLowerCase() === identity.userName.toLowerCase()
    ) {
      taken.userName = true;
    }
  }
  return taken;
}

/** Inserts an admin with the given roles; returns the new id. */
export async function insertAdmin(
  db: Executor,
  admin: {
    userName: string;
    email: string;
    passwordHash: string;
    mustChangePassword: boolean;
    roles: readonly RoleName[];
    /** The admin creating it (null: the first start), who also gives its roles. */
    createdBy: number | null;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('admin_users')
    .values({
      user_name: admin.userName,
      email: admin.email,
      password_hash: admin.passwordHash,
      must_change_password: admin.mustChangePassword,
      created_by_admin_user_id: admin.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addRoles(db, id, admin.roles, { grantedBy: admin.createdBy, confirmedBy: null });
  return id;
}

/**
 * Gives an admin roles, recording who gave them and who confirmed the grant (the approval
 * rule reads them); roles already held are left as they are, with their first grant's record.
 */
export async function addRoles(
  db: Executor,
  adminId: number,
  roles: readonly RoleName[],
  provenance: { grantedBy: number | null; confirmedBy: number | null },
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insertInto('admin_user_roles')
    .columns(['admin_user_id', 'role_id', 'granted_by_admin_user_id', 'confirmed_by_admin_user_id'])
    .expression(
      db
        .selectFrom('admin_roles')
        .select([
          sql<number>`${adminId}::integer`.as('admin_user_id'),
          'id as role_id',
          sql<number | null>`${provenance.grantedBy}::integer`.as('granted_by_admin_user_id'),
          sql<number | null>`${provenance.confirmedBy}::integer`.as('confirmed_by_admin_user_id'),
        ])
        .where('name', 'in', roles),
    )
    .onConflict((oc) => oc.columns(['admin_user_id', 'role_id']).doNothing())
    .execute();
}

export async function removeRoles(
  db: Executor,
  adminId: number,
  roles: readonly RoleName[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .deleteFrom('admin_user_roles')
    .where('admin_user_id', '=', adminId)
    .where('role_id', 'in', db.selectFrom('admin_roles').select('id').where('name', 'in', roles))
    .execute();
}

/** Changes the given profile columns; a new password hash also clears must_change_password. */
export async function updateAdminProfile(
  db: Executor,
  adminId: number,
  changes: { email?: string; userName?: string; passwordHash?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.userName !== undefined ? { user_name: changes.userName } : {}),
      ...(changes.passwordHash !== undefined
        ? {
            password_hash: changes.passwordHash,
            must_change_password: false,
            password_changed_at: now,
          }
        : {}),
      updated_at: now,
    })
    .where('id', '=', adminId)
    .execute();
}

/** Deletes an admin; their roles and tokens go with them (ON DELETE CASCADE). */
export async function deleteAdmin(db: Executor, adminId: number): Promise<boolean> {
  const result = await db.deleteFrom('admin_users').where('id', '=', adminId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
