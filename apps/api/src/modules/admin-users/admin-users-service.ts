import {
  checkRoles,
  validateNewAdminUser,
  validateProfileUpdate,
  type FieldError,
  type Locale,
  type RoleName,
} from '@app/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { databaseErrorOf } from '../../platform/db-errors';
import { AppError } from '../../shared/app-error';
import { notFound as notFoundRecord } from '../../shared/list-input';
import type { Clock } from '../../shared/clock';
import { assertValid, validationError } from '../../shared/validation-error';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import type { AuthService } from '../auth/auth-service';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/password';
import type {
  AdminIdInput,
  NewAdminInput,
  ProfileInput,
  RoleChangeInput,
} from './admin-users-commands';
import { voidApprovalsOf } from '../withdrawals/withdrawal-approval-voiding';
import {
  adminSnapshot as snapshot,
  createAdminRoleGrants,
  giveRoles,
  type RoleGrant,
} from './admin-role-grants';
import { withdrawGrantsProposedBy } from './admin-role-grants-repository';
import * as repo from './admin-users-repository';
import { lockAdminForChange } from './approval-rule-repository';
import { isApprovingRole } from './approval-rule';
import { generateOneTimePassword } from './one-time-password';

function notFound(adminId: number): AppError {
  return notFoundRecord('adminUser', adminId, { field: 'userId' });
}

/** Reads and manages admin accounts (spec section 7, "Admin accounts"). */
export function createAdminUsersService(
  db: Kysely<DB>,
  audit: AuditService,
  clock: Clock,
  auth: Pick<AuthService, 'passwordMatchesThrottled' | 'revokeSessions'>,
) {
  /** Fails with field errors when another admin has this email or user name. */
  async function assertIdentityFree(
    trx: Transaction<DB>,
    identity: { email?: string; userName?: string },
    locale: Locale,
    exceptId?: number,
  ): Promise<void> {
    const taken = await repo.findTakenIdentity(trx, identity, exceptId);
    const errors: FieldError[] = [];
    if (taken.userName) errors.push({ field: 'userName', rule: 'unique' });
    if (taken.email) errors.push({ field: 'email', rule: 'unique' });
    assertValid(errors, locale);
  }

  /** Runs work that may hit the unique indexes; a race lost to another request reads as "in use". */
  async function mapUniqueViolation<T>(work: () => Promise<T>, locale: Locale): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // The platform mapping would answer a plain CONFLICT; the form wants the field.
      const info = databaseErrorOf(error);
      if (info?.kind === 'unique_violation') {
        const field = info.constraint === 'admin_users_user_name_key' ? 'userName' : 'email';
        throw validationError([{ field, rule: 'unique' }], locale);
      }
      throw error;
    }
  }

  /**
   * What an admin losing roles or their account takes with it, in that change's transaction:
   * left with no approving role (or deleted), their approvals of requests not yet exported are
   * voided; without super_admin, the role grants they proposed are withdrawn (a proposal counts
   * only while its proposer could make it).
   */
  async function dropApprovalsOf(
    trx: Transaction<DB>,
    actor: Actor,
    admin: { id: number; userName: string; roles: RoleName[] },
    remaining: readonly RoleName[] | null,
  ): Promise<{ voidedApprovals: string[]; withdrawnGrants: string[] }> {
    const voidedApprovals =
      remaining === null || !remaining.some(isApprovingRole)
        ? await voidApprovalsOf(
            trx,
            audit,
            actor,
            admin,
            remaining === null ? 'deleted' : 'demoted',
          )
        : [];
    const withdrawnGrants =
      remaining === null || !remaining.includes('super_admin')
        ? await withdrawGrantsProposedBy(trx, admin.id)
        : [];
    return { voidedApprovals, withdrawnGrants };
  }

  return {
    ...createAdminRoleGrants(db, audit),

    /** One admin by id. */
    async getAdmin(id: number): Promise<repo.AdminUserRow> {
      const admin = await repo.findAdminById(db, id);
      if (!admin) throw notFound(id);
      return admin;
    },

    /** Roles of several admins, for the AdminUser.roles field. */
    async rolesOf(adminIds: readonly number[]): Promise<Map<number, repo.RoleRow[]>> {
      return repo.findRolesOfAdmins(db, adminIds);
    },

    /** Every admin account. */
    async listAdmins(): Promise<repo.AdminUserRow[]> {
      return repo.listAdmins(db);
    },

    /** Ids and user names of every admin. */
    async listAdminNames(): Promise<repo.AdminNameRow[]> {
      return repo.listAdminNames(db);
    },

    /** The roles that exist, with their descriptions. */
    async listRoles(): Promise<repo.RoleRow[]> {
      return repo.listRoles(db);
    },

    /**
     * Gives an admin more roles; takes effect on that admin's next request. An approving role
     * waits for a second super admin once two exist (giveRoles): it is answered as pending.
     */
    async addRoles(
      actor: Actor,
      { userId, roles }: RoleChangeInput,
      locale: Locale,
    ): Promise<{ admin: repo.AdminUserRow; pendingGrants: RoleGrant[] }> {
      const roleError = checkRoles(roles);
      if (roleError) throw validationError([roleError], locale);
      const names = [...new Set(roles)] as RoleName[];
      return audit.withAudit(actor, 'postAddRoleToUser', async (trx) => {
        const before = await snapshot(trx, userId);
        if (!before) throw notFound(userId);
        const { pending } = await giveRoles(trx, actor, userId, names);
        const after = await snapshot(trx, userId);
        return {
          result: { admin: (await repo.findAdminById(trx, userId))!, pendingGrants: pending },
          targetIds: [userId],
          before,
          after: after ? { ...after, pendingGrants: pending.map((g) => g.role) } : null,
        };
      });
    },

    /**
     * Takes roles away; takes effect on that admin's next request. The last super admin
     * keeps super_admin, and every admin keeps at least one role.
     */
    async removeRoles(
      actor: Actor,
      { userId, roles }: RoleChangeInput,
      locale: Locale,
    ): Promise<repo.AdminUserRow> {
      const roleError = checkRoles(roles);
      if (roleError) throw validationError([roleError], locale);
      const names = [...new Set(roles)] as RoleName[];
      return audit.withAudit(actor, 'postDeleteRoleFromUser', async (trx) => {
        if (names.includes('super_admin')) await repo.lockSuperAdminRole(trx);
        await lockAdminForChange(trx, userId);
        const before = await snapshot(trx, userId);
        if (!before) throw notFound(userId);
        if (
          names.includes('super_admin') &&
          before.roles.includes('super_admin') &&
          (await repo.countSuperAdmins(trx)) <= 1
        ) {
          throw new AppError('CONFLICT', 'The last super admin cannot lose the super_admin role.', {
            reason: 'LAST_SUPER_ADMIN_ROLE',
            params: { adminUserId: userId },
          });
        }
        if (before.roles.every((role) => names.includes(role))) {
          throw new AppError(
            'CONFLICT',
            'An admin user must keep at least one role. Delete the account instead.',
            { reason: 'ROLE_REQUIRED', params: { adminUserId: userId } },
          );
        }
        await repo.removeRoles(trx, userId, names);
        const after = (await snapshot(trx, userId))!;
        const dropped = await dropApprovalsOf(trx, actor, before, after.roles);
        return {
          result: (await repo.findAdminById(trx, userId))!,
          targetIds: [userId],
          before,
          after: { ...after, ...dropped },
        };
      });
    },

    /**
     * Creates an admin with a random one-time password, returned once to the creator and
     * never stored in clear; the new admin must change it before doing anything else.
     */
    async createAdmin(
      actor: Actor,
      input: NewAdminInput,
      locale: Locale,
    ): Promise<{ admin: repo.AdminUserRow; oneTimePassword: string; pendingGrants: RoleGrant[] }> {
      const userName = input.userName.trim();
      const email = input.email.trim();
      assertValid(validateNewAdminUser({ userName, email, roles: input.roles }), locale);
      const oneTimePassword = generateOneTimePassword();
      const passwordHash = await hashPassword(oneTimePassword);
      const roles = [...new Set(input.roles)] as RoleName[];
      return mapUniqueViolation(
        () =>
          audit.withAudit(actor, 'postAddNewAdminUser', async (trx) => {
            await assertIdentityFree(trx, { email, userName }, locale);
            const id = await repo.insertAdmin(trx, {
              userName,
              email,
              passwordHash,
              mustChangePassword: true,
              roles: [],
              createdBy: actor.adminUserId,
            });
            // An approving role may wait for a second super admin; meanwhile the account
            // reads (every admin holds at least one role).
            const { pending } = await giveRoles(trx, actor, id, roles);
            if ((await repo.findRoleNames(trx, id)).length === 0)
              await giveRoles(trx, actor, id, ['read']);
            const admin = (await repo.findAdminById(trx, id))!;
            return {
              result: { admin, oneTimePassword, pendingGrants: pending },
              targetIds: [id],
              before: null,
              after: {
                ...(await snapshot(trx, id))!,
                mustChangePassword: true,
                pendingGrants: pending.map((g) => g.role),
              },
            };
          }),
        locale,
      );
    },

    /**
     * Changes the admin's own email, user name and/or password. The old password is required
     * to change the email or the password; a new password revokes the admin's other tokens.
     */
    async updateProfile(
      actor: Actor,
      self: { id: number; tokenHash: string },
      input: ProfileInput,
      locale: Locale,
    ): Promise<{ newEmail: string; newUserName: string }> {
      const current = await repo.findAdminById(db, self.id);
      if (!current) throw notFound(self.id);
      const email = input.email?.trim() || undefined;
      const userName = input.userName?.trim() || undefined;
      const newPassword = input.newPassword || undefined;
      assertValid(
        validateProfileUpdate(
          { email, userName, oldPassword: input.oldPassword, newPassword },
          { email: current.email, mustChangePassword: current.mustChangePassword },
        ),
        locale,
      );
      // Beyond the spec's rules: none of the most common passwords (Password123 passes them).
      if (newPassword && isCommonPassword(newPassword)) {
        throw validationError([{ field: 'newPassword', rule: 'common' }], locale);
      }
      const changesEmail =
        email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
      if ((changesEmail || newPassword) && input.oldPassword) {
        if (
          !(await auth.passwordMatchesThrottled(
            actor,
            self.id,
            input.oldPassword,
            'postUpdateAdminUserProfile',
          ))
        ) {
          throw validationError([{ field: 'oldPassword', rule: 'incorrect' }], locale);
        }
      }
      const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
      return mapUniqueViolation(
        () =>
          audit.withAudit(actor, 'postUpdateAdminUserProfile', async (trx) => {
            const before = await snapshot(trx, self.id);
            if (!before) throw notFound(self.id);
            await assertIdentityFree(
              trx,
              {
                ...(email !== undefined && email !== before.email ? { email } : {}),
                ...(userName !== undefined && userName !== before.userName ? { userName } : {}),
              },
              locale,
              self.id,
            );
            await repo.updateAdminProfile(
              trx,
              self.id,
              {
                ...(email !== undefined ? { email } : {}),
                ...(userName !== undefined ? { userName } : {}),
                ...(passwordHash !== undefined ? { passwordHash } : {}),
              },
              clock(),
            );
            // A new password ends every other session of this admin at its next request.
            const revokedTokens = passwordHash
              ? await auth.revokeSessions(trx, self.id, self.tokenHash)
              : 0;
            const after = (await snapshot(trx, self.id))!;
            return {
              result: { newEmail: after.email, newUserName: after.userName },
              targetIds: [self.id],
              before,
              after: { ...after, passwordChanged: passwordHash !== undefined, revokedTokens },
            };
          }),
        locale,
      );
    },

    /**
     * Deletes another admin; their tokens stop working at once. Nobody deletes themselves,
     * and the last super admin cannot be deleted.
     */
    async deleteAdmin(actor: Actor, { userId }: AdminIdInput): Promise<number> {
      if (userId === actor.adminUserId) {
        throw new AppError('CONFLICT', 'You cannot delete your own account.', {
          reason: 'OWN_ACCOUNT_DELETE',
          params: { adminUserId: userId },
        });
      }
      return audit.withAudit(actor, 'postDeleteAdminUser', async (trx) => {
        await repo.lockSuperAdminRole(trx);
        await lockAdminForChange(trx, userId);
        const before = await snapshot(trx, userId);
        if (!before) throw notFound(userId);
        if (before.roles.includes('super_admin') && (await repo.countSuperAdmins(trx)) <= 1) {
          throw new AppError('CONFLICT', 'The last super admin cannot be deleted.', {
            reason: 'LAST_SUPER_ADMIN_DELETE',
            params: { adminUserId: userId },
          });
        }
        await dropApprovalsOf(trx, actor, before, null);
        await repo.deleteAdmin(trx, userId);
        return { result: userId, targetIds: [userId], before, after: null };
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
