import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { adminNotFound } from './admin-account-rules';
import * as grantsRepo from './admin-role-grants-repository';
import type { RoleGrant } from './admin-role-grants';
import * as repo from './admin-users-repository';

/**
 * Reads admin accounts (spec section 7, "Admin accounts"); each write on them is a command of
 * its own (commands/).
 */
export function createAdminUsersService(db: Kysely<DB>) {
  return {
    /** One admin by id. */
    async getAdmin(id: number): Promise<repo.AdminUserRow> {
      const admin = await repo.findAdminById(db, id);
      if (!admin) throw adminNotFound(id);
      return admin;
    },

    /** Roles of several admins, for the AdminUser.roles field. */
    rolesOf: (adminIds: readonly number[]): Promise<Map<number, repo.RoleRow[]>> =>
      repo.findRolesOfAdmins(db, adminIds),

    /** Every admin account. */
    listAdmins: (): Promise<repo.AdminUserRow[]> => repo.listAdmins(db),

    /** Ids and user names of every admin. */
    listAdminNames: (): Promise<repo.AdminNameRow[]> => repo.listAdminNames(db),

    /** The roles that exist, with their descriptions. */
    listRoles: (): Promise<repo.RoleRow[]> => repo.listRoles(db),

    /** The grants of approving roles waiting for a second super admin. */
    pendingRoleGrants: (): Promise<RoleGrant[]> => grantsRepo.pendingGrants(db),

    /** How many super admins exist: below two, approving roles are given without a second. */
    superAdminCount: (): Promise<number> => repo.countSuperAdmins(db),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
