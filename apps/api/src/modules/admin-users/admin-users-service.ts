import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import * as repo from './admin-users-repository';

/** Reads and manages admin accounts. */
export function createAdminUsersService(db: Kysely<DB>) {
  return {
    async getAdmin(id: number): Promise<repo.AdminUserRow> {
      const admin = await repo.findAdminById(db, id);
      if (!admin) throw new AppError('NOT_FOUND', `Admin user ${id} was not found.`);
      return admin;
    },

    async rolesOf(adminIds: readonly number[]): Promise<Map<number, repo.RoleRow[]>> {
      return repo.findRolesOfAdmins(db, adminIds);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
