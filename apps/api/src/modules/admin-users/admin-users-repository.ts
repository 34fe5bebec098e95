import { sql } from 'kysely';
import type { RoleName } from '@app/shared';
import type { Executor } from '../../db/executor';

export type AdminUserRow = { id: number; userName: string; email: string };
export type RoleRow = { name: RoleName; description: string };

export async function findAdminById(db: Executor, id: number): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('admin_users')
    .select(['id', 'user_name as userName', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
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
    result.get(row.admin_user_id)?.push({ name: row.name as RoleName, description: row.description });
  }
  return result;
}

export async function countAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
  },
): Promise<number> {
  const { id } = await db
    .insertInto('admin_users')
    .values({
      user_name: admin.userName,
      email: admin.email,
      password_hash: admin.passwordHash,
      must_change_password: admin.mustChangePassword,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (admin.roles.length > 0) {
    await db
      .insertInto('admin_user_roles')
      .columns(['admin_user_id', 'role_id'])
      .expression(
        db
          .selectFrom('admin_roles')
          .select([sql<number>`${id}::integer`.as('admin_user_id'), 'id as role_id'])
          .where('name', 'in', admin.roles),
      )
      .execute();
  }
  return id;
}
